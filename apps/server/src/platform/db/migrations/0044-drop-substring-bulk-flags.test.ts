import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabasesRepo } from '../../../modules/databases/databases.repo.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0044: the bulk-load flags of the substring indexes are dropped', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('drops both flag tables on SQLite, and values are still written, renamed, deleted and found', async () => {
    const db = await emptyDatabase('m0044', cleanups);
    await migrateBefore(db, '0044');
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const flagTables = async () =>
      db.dialect === 'sqlite' ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%_fts_bulk' ORDER BY name`.execute(k)).rows.map((r) => r.name) : [];
    if (db.dialect === 'sqlite') expect(await flagTables()).toEqual(['db_values_fts_bulk', 'scans_fts_bulk']);

    await migrateToLatest(db);
    expect(await flagTables()).toEqual([]);

    // No trigger read the flags: values go in, are indexed, renamed and deleted as before.
    const now = new Date().toISOString();
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Co', ${now})`.execute(k);
    await sql`INSERT INTO databases (account_id, name, created_at, updated_at) VALUES (1, 'Tickets', ${now}, ${now})`.execute(k);
    const repo = new DatabasesRepo(db.kysely, db.dialect);
    for (const v of ['GATE-0001', 'GATE-0002']) await repo.insertValue(1, 1, { value: v, key: v.toLowerCase(), response: '', validity: 1 });
    await repo.transaction((r) => r.indexPendingValues(1_000));
    const [first, second] = (await repo.findValues(1, 1, { valueLike: 'gate' }, { limit: 2, offset: 0 })).rows;
    await repo.updateValue(1, first!.id, { value: 'DOOR-0001', key: 'door-0001' });
    await repo.deleteValue(1, second!.id);
    const like = async (term: string) => (await repo.findValues(1, 1, { valueLike: term }, { limit: 10, offset: 0 }, 100)).rows.map((r) => r.value);
    expect(await like('gate')).toEqual([]);
    expect(await like('door')).toEqual(['DOOR-0001']);
  });
});
