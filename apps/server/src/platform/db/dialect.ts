import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';

// Every difference between SQLite and PostgreSQL lives in this file.

/** Adds an integer auto-increment primary key named `id`. */
export function withIdColumn<T extends string>(dialect: DialectName, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The column type for a UTC timestamp. */
export function timestampType(dialect: DialectName): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** The column type for a 64-bit integer. */
export function bigintType(dialect: DialectName): 'bigint' | 'integer' {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}

/** Case-insensitive equality on text (ids and emails are stored lower-cased where it matters). */
export function lowerEquals(column: Expression<string>, value: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) = ${value.toLowerCase()}`;
}

/** A NOT NULL column with a default, written the same on both dialects. */
export function notNullDefault(value: string | number) {
  return (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
}

/** The current time as ISO-8601 UTC text, the form every timestamp is written in. */
export function nowIso(): string {
  return new Date().toISOString();
}
