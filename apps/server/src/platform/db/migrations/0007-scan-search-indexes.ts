import type { Kysely } from 'kysely';

/**
 * Search on millions of scans: "property = value" is answered from one covering index (the scan ids
 * come out of the index without reading the properties table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('scan_properties_match_idx').on('scan_properties').columns(['account_id', 'name', 'value', 'scan_id']).execute();
  await db.schema.dropIndex('scan_properties_name_idx').execute();
}
