import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ScanWriter } from './scan-writer.js';
import { scanAccount, scannerSignIn } from './scans.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the scan writer’s feed of the substring index', () => {
  it('feeds scans stored before the process started once asked at start-up, without waiting for a new scan', async () => {
    const a = await scanAccount(t);
    const service = await a.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await a.appUser([service]));
    const res = await scanner.call('app/upload', { scans: [{ serviceId: service, value: 'RESTORED-1', clientScanId: randomUUID(), scannedAt: new Date().toISOString() }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const scanId = (res.body.results as { scanId: number }[])[0]!.scanId;
    // 1,200 more scans written around the writer, as a restore (`data:import`) writes them: copies of that one.
    const k = t.container.db.kysely;
    const { rows } = await (t.container.db.dialect === 'postgres' ? sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'scans'` : sql<{ name: string }>`SELECT name FROM pragma_table_info('scans')`).execute(k);
    const columns = rows.map((r) => r.name).filter((c) => c !== 'id');
    const copied = columns.map((c) => (c === 'client_scan_id' ? sql`NULL` : sql.ref(c)));
    for (let i = 0; i < 1_200; i++) await sql`INSERT INTO scans (${sql.join(columns.map((c) => sql.ref(c)))}) SELECT ${sql.join(copied)} FROM scans WHERE id = ${scanId}`.execute(k);
    const repo = t.container.scans.repo;
    const sqlite = t.container.db.dialect === 'sqlite';
    expect(await repo.unindexedValues()).toBe(sqlite ? 1_201 : 0);

    // A writer as a new process has it: asked at start-up, it feeds them by itself.
    new ScanWriter(repo).catchUp();
    await vi.waitFor(async () => expect(await repo.unindexedValues()).toBe(0), { timeout: 10_000, interval: 20 });
    const found = await a.admin('scans/search', { value: 'stored-1', limit: 5 });
    expect(found.body).toMatchObject({ total: 1_201 });
  });
});
