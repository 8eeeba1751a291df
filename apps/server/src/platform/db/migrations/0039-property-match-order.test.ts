import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ScansRepo } from '../../../modules/scans/scans.repo.js';
import { migrateToLatest } from '../migrate.js';
import { emptyDatabase, migrateBefore } from './migrations.test-helpers.js';

describe('migration 0039: properties carry their scan time', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('fills the time of every property stored before it, and the property match pages by it', async () => {
    const db = await emptyDatabase('m0039', cleanups);
    await migrateBefore(db, '0039');
    const now = new Date().toISOString();
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await sql`INSERT INTO accounts (company_name, created_at) VALUES ('Old Co', ${now})`.execute(k);
    await sql`INSERT INTO services (account_id, name, validation_method, created_at, updated_at) VALUES (1, 'Gate', 'record', ${now}, ${now})`.execute(k);
    const times = ['2026-02-03T08:00:00.000Z', '2026-02-01T08:00:00.000Z', '2026-02-04T08:00:00.000Z', '2026-02-02T08:00:00.000Z'];
    for (const [i, at] of times.entries()) {
      await sql`INSERT INTO scans (account_id, service_id, value, status, scanned_at, received_at, modified_at) VALUES (1, 1, ${`OLD-${i}`}, 1, ${at}, ${now}, ${now})`.execute(k);
      await sql`INSERT INTO scan_properties (account_id, scan_id, name, value) VALUES (1, ${i + 1}, 'lane', 'L1'), (1, ${i + 1}, 'capture_type', 'camera')`.execute(k);
    }

    await migrateToLatest(db);

    const typed = db.kysely;
    const rows = await typed.selectFrom('scan_properties').select(['scan_id', 'name', 'scanned_at']).orderBy('scan_id').orderBy('name').execute();
    expect(rows.map((r) => [r.scan_id, r.name, new Date(r.scanned_at).toISOString()])).toEqual(times.flatMap((at, i) => [[i + 1, 'capture_type', at], [i + 1, 'lane', at]]));
    const repo = new ScansRepo(typed, db.dialect);
    const page = (desc: boolean) => repo.pageOfPropertyMatches(1, { withProperties: [['lane', 'L1']] }, { key: 'timestamp', desc }, { limit: 10, offset: 0 }, 100);
    expect(await page(true)).toEqual({ ids: [3, 1, 4, 2], matched: 4 });
    expect(await page(false)).toEqual({ ids: [2, 4, 1, 3], matched: 4 });
    // The trigger follows a scan whose time changes.
    await typed.updateTable('scans').set({ scanned_at: '2026-03-01T00:00:00.000Z' }).where('id', '=', 2).execute();
    expect((await page(true))?.ids).toEqual([2, 3, 1, 4]);
    // A scan stored now sets the time itself.
    const id = await repo.transaction((r) => r.insert(1, { serviceId: 1, appUserId: null, deviceId: null, uploadId: null, value: 'NEW', response: '', status: 1, dbValueId: null, clientScanId: null, scannedAt: '2026-01-15T00:00:00.000Z', receivedAt: now, answers: [], properties: [['lane', 'L1']] }));
    expect((await page(false))?.ids[0]).toBe(id);
  });
});
