import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabasesRepo } from '../../../modules/databases/databases.repo.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0043: the substring index of database values fed after writes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('keeps the values indexed before it, and finds, changes and deletes values on both sides of the watermark', async () => {
    const db = await emptyDatabase('m0043', cleanups);
    await migrateBefore(db, '0043');
    const now = new Date().toISOString();
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Old Co', ${now})`.execute(k);
    await sql`INSERT INTO databases (account_id, name, created_at, updated_at) VALUES (1, 'Tickets', ${now}, ${now})`.execute(k);
    for (const v of ['GATE-0001', 'GATE-0002', 'DOOR-0003']) {
      await sql`INSERT INTO db_values (account_id, database_id, value, value_key, response, validity) VALUES (1, 1, ${v}, ${v.toLowerCase()}, '', 1)`.execute(k);
    }

    await migrateToLatest(db);

    const repo = new DatabasesRepo(db.kysely, db.dialect);
    const like = async (term: string) => (await repo.findValues(1, 1, { valueLike: term }, { limit: 10, offset: 0 }, 100)).rows.map((r) => r.value);
    // Indexed by the old trigger: nothing waits.
    expect(await repo.unindexedValues()).toBe(0);
    expect(await like('gate')).toEqual(['GATE-0001', 'GATE-0002']);
    // A new value waits above the watermark (SQLite) and is found all the same, after the indexed ones.
    await repo.insertValue(1, 1, { value: 'GATE-0004', key: 'gate-0004', response: '', validity: 1 });
    expect(await repo.unindexedValues()).toBe(db.dialect === 'sqlite' ? 1 : 0);
    expect(await like('gate')).toEqual(['GATE-0001', 'GATE-0002', 'GATE-0004']);
    // An indexed value renamed and one deleted: the index follows (the triggers kept for indexed rows).
    const [first, second] = (await repo.findValues(1, 1, { valueLike: 'gate' }, { limit: 2, offset: 0 })).rows;
    await repo.updateValue(1, first!.id, { value: 'DOOR-0001', key: 'door-0001' });
    await repo.deleteValue(1, second!.id);
    expect(await like('gate')).toEqual(['GATE-0004']);
    expect(await like('door')).toEqual(['DOOR-0001', 'DOOR-0003']);
    // Fed: the same answers from the index alone.
    await repo.transaction((r) => r.indexPendingValues(1_000));
    expect(await repo.unindexedValues()).toBe(0);
    expect(await like('gate')).toEqual(['GATE-0004']);
    expect(await like('door')).toEqual(['DOOR-0001', 'DOOR-0003']);
  });
});
