import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CSV_OFF_THREAD_FROM } from './databases.import.js';
import { account, expectCode, legacyMultipart, legacyXml, ok, type Caller } from '../services/scan-config.test-helpers.js';

let t: TestApp;
let call: Caller;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ call, key } = await account(t));
});
afterAll(async () => {
  await t.close();
});

const valuesOf = (res: { xml: Record<string, unknown> }) => {
  const v = res.xml.value;
  const list = (v === undefined ? [] : Array.isArray(v) ? v : [v]) as { id: string; response: string; _validity: string }[];
  return list.map((x) => `${x.id}|${x.response}|${x._validity}`);
};

async function newDb(name: string, cs = '0'): Promise<string> {
  return String(ok(await call('databases', 'create', { database_name: name, case_sensitivity: cs })).xml.id);
}

describe('databases create / retrieve / update / delete', () => {
  it('creates with a fixed case sensitivity, refuses a duplicate name (216) and keeps databaseCount in step', async () => {
    const id = await newDb('Tickets');
    expectCode(await call('databases', 'create', { database_name: 'tickets' }), 216);
    expectCode(await call('databases', 'create', {}), 50);
    const count = await t.container.db.kysely.selectFrom('accounts').select('database_count').where('id', '=', (await t.container.db.kysely.selectFrom('databases').select('account_id').where('id', '=', Number(id)).executeTakeFirstOrThrow()).account_id).executeTakeFirstOrThrow();
    expect(count.database_count).toBe(1);
    const second = await newDb('Second');
    ok(await call('databases', 'delete', { database_id: second }));
    const after = await t.container.db.kysely.selectFrom('accounts').select('database_count').where('id', '=', count.database_count > 0 ? (await t.container.db.kysely.selectFrom('databases').select('account_id').where('id', '=', Number(id)).executeTakeFirstOrThrow()).account_id : 0).executeTakeFirstOrThrow();
    expect(after.database_count).toBe(1);
  });

  it('retrieves with info levels, id lists and all; 270 for a malformed id, 204 for an unknown one', async () => {
    const a = await newDb('Level A');
    const b = await newDb('Level B');
    ok(await call('databases', 'addvalue', { database_id: a, value: 'X1' }));
    const full = ok(await call('databases', 'retrieve', { database_id: `${a}, ${b}` }));
    expect(full.xml.count).toBe('2');
    expect(full.raw).toContain(`<database id="${a}"><name>Level A</name><count>1</count></database>`);
    const names = ok(await call('databases', 'retrieve', { database_id: a, info_level: 'names' }));
    expect(names.raw).toContain(`<database id="${a}"><name>Level A</name></database>`);
    expect((ok(await call('databases', 'retrieve', { database_id: 'all' })).xml.database as unknown[]).length).toBeGreaterThanOrEqual(2);
    expectCode(await call('databases', 'retrieve', { database_id: '1,x' }), 270);
    expectCode(await call('databases', 'retrieve', { database_id: '999999' }), 204);
  });

  it('renames (216 on a taken name) and deletes; 205 while a service uses it', async () => {
    const a = await newDb('Rename me');
    await newDb('Taken');
    ok(await call('databases', 'update', { database_id: a, database_name: 'Renamed' }));
    expectCode(await call('databases', 'update', { database_id: a, database_name: 'taken' }), 216);
    expectCode(await call('databases', 'update', { database_id: a }), 50);
    expectCode(await call('databases', 'update', { database_id: 'abc', database_name: 'x' }), 270);
    const svc = ok(await call('services', 'create', { validation_method: 'database', database_id: a }));
    expectCode(await call('databases', 'delete', { database_id: a }), 205);
    ok(await call('services', 'delete', { service_id: String(svc.xml.id) }));
    ok(await call('databases', 'delete', { database_id: a }));
    expectCode(await call('databases', 'retrieve', { database_id: a }), 204);
  });
});

describe('database values', () => {
  it('adds (1027 duplicate, 1028 empty), trims unless told not to, and matches case-insensitively by default', async () => {
    const id = await newDb('Values');
    const added = ok(await call('databases', 'addvalue', { database_id: id, value: '  ABC-1 ', response: 'Welcome SCAN_VALUE', validity: '1' }));
    expect(Number(added.xml.id)).toBeGreaterThan(0);
    expectCode(await call('databases', 'addvalue', { database_id: id, value: 'abc-1' }), 1027);
    expectCode(await call('databases', 'addvalue', { database_id: id, value: '   ' }), 1028);
    expectCode(await call('databases', 'addvalue', { database_id: id }), 1028);
    expectCode(await call('databases', 'addvalue', { database_id: id, value: 'x'.repeat(501) }), 1028);
    ok(await call('databases', 'addvalue', { database_id: id, value: ' spaced ', trim_value: '0' }));
    expectCode(await call('databases', 'addvalue', { database_id: '424242', value: 'x' }), 204);
    expectCode(await call('databases', 'addvalue', { value: 'x' }), 50);
    const shown = ok(await call('databases', 'showvalues', { database_id: id }));
    expect(valuesOf(shown)).toEqual(['ABC-1|Welcome SCAN_VALUE|1', 'spaced||1']);
    expect(shown.raw).toContain('<id> spaced </id>');
  });

  it('keeps case apart in a case-sensitive database', async () => {
    const id = await newDb('Case', '1');
    ok(await call('databases', 'addvalue', { database_id: id, value: 'abc' }));
    ok(await call('databases', 'addvalue', { database_id: id, value: 'ABC' }));
    expect(ok(await call('databases', 'showvalues', { database_id: id, value: 'ABC' })).xml.count).toBe('1');
  });

  it('edits (1017 unknown; fields left out stay), upserts and deletes values', async () => {
    const id = await newDb('Edit');
    ok(await call('databases', 'addvalue', { database_id: id, value: 'T1', response: 'first', validity: '1' }));
    ok(await call('databases', 'editvalue', { database_id: id, value: 't1', validity: '0' }));
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: id })))).toEqual(['T1|first|0']);
    expectCode(await call('databases', 'editvalue', { database_id: id, value: 'nope' }), 1017);
    ok(await call('databases', 'upsertvalue', { database_id: id, value: 'T1', response: 'second' }));
    ok(await call('databases', 'upsertvalue', { database_id: id, value: 'T2' }));
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: id })))).toEqual(['T1|second|0', 'T2||1']);
    expectCode(await call('databases', 'upsertvalue', { database_id: id, value: 'T3', validity: 'maybe' }), 50);
    ok(await call('databases', 'deletevalue', { database_id: id, value: 'T1' }));
    expectCode(await call('databases', 'deletevalue', { database_id: id, value: 'T1' }), 1017);
    ok(await call('databases', 'clear', { database_id: id }));
    expect(ok(await call('databases', 'showvalues', { database_id: id })).xml.count).toBe('0');
  });

  it('upserts many values from form fields and from an XML body with <message> as the response', async () => {
    const a = await newDb('Multi A');
    const b = await newDb('Multi B');
    ok(await call('databases', 'upsertmultivalue', { database_id: a, 'values[0][value]': 'M1', 'values[0][response]': 'r1', 'values[1][value]': 'M2', 'values[1][database_id]': b, 'values[1][validity]': '0', 'values[2][response]': 'no value' }));
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: a })))).toEqual(['M1|r1|1']);
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: b })))).toEqual(['M2||0']);
    const xml = `<xml><section>databases</section><action>upsertmultivalue</action><api_key>${key}</api_key><database_id>${a}</database_id><values><value>X1</value><message>Hello</message></values><values><value>X2</value><validity>0</validity></values></xml>`;
    ok(await legacyXml(t.app, xml));
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: a })))).toEqual(['M1|r1|1', 'X1|Hello|1', 'X2||0']);
    expectCode(await call('databases', 'upsertmultivalue', { 'values[0][value]': 'lonely' }), 1028);
  });

  it('filters showvalues by value, valuelike, response, responselike, validity, limit and offset', async () => {
    const id = await newDb('Filters');
    for (let i = 1; i <= 12; i++) ok(await call('databases', 'addvalue', { database_id: id, value: `TICKET-${String(i).padStart(4, '0')}`, response: i % 2 ? 'Odd seat' : 'Even seat', validity: i % 3 ? '1' : '0' }));
    const f = async (fields: Record<string, string>) => valuesOf(ok(await call('databases', 'showvalues', { database_id: id, ...fields }))).map((v) => v.split('|')[0]);
    expect(await f({ value: 'ticket-0003' })).toEqual(['TICKET-0003']);
    expect(await f({ valuelike: 'et-001' })).toEqual(['TICKET-0010', 'TICKET-0011', 'TICKET-0012']);
    expect(await f({ valuelike: '11' })).toEqual(['TICKET-0011']);
    expect(await f({ response: 'Even seat', validity: '0' })).toEqual(['TICKET-0006', 'TICKET-0012']);
    expect(await f({ responselike: 'odd', limit: '2', offset: '1' })).toEqual(['TICKET-0003', 'TICKET-0005']);
    expect(await f({ limit: '2', offset: '10' })).toEqual(['TICKET-0011', 'TICKET-0012']);
    expect(await f({ offset: '10' })).toHaveLength(12);
    expectCode(await call('databases', 'showvalues', { database_id: id, limit: '-1' }), 50);
    expectCode(await call('databases', 'showvalues', {}), 50);
  });
});

describe('databases/upload', () => {
  it('imports a CSV (value, response, validity), trimming by default; header rows are data', async () => {
    const id = await newDb('Upload');
    const csv = 'value,response,validity\r\n A1 ,Hello,1\r\nA2,"Quoted, text",0\r\nA3\r\n';
    ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: id }, { field: 'csvfile', filename: 'list.csv', content: csv }));
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: id })))).toEqual(['value|response|1', 'A1|Hello|1', 'A2|Quoted, text|0', 'A3||1']);
    ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: id, trim_value: '0' }, { field: 'csvfile', filename: 'more.CSV', content: ' B1 \n' }));
    expect(ok(await call('databases', 'showvalues', { database_id: id, value: ' B1 ' })).raw).toContain('<id> B1 </id>');
  });

  it('imports a file of several megabytes (read on its own thread) whole, and a bad row near its end imports nothing', async () => {
    const id = await newDb('Large upload');
    const rows = Array.from({ length: 80_000 }, (_, i) => `GATE-${String(i).padStart(6, '0')},"Seat ${i}, row ${i % 40}",${i % 10 === 0 ? 0 : 1}`);
    const csv = `${rows.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2 * CSV_OFF_THREAD_FROM);
    const fields = { section: 'databases', action: 'upload', api_key: key, database_id: id };
    expectCode(await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'gate.csv', content: `${csv}GATE-X,"unclosed\n` }), 1019);
    expect(ok(await call('databases', 'showvalues', { database_id: id })).xml.count).toBe('0');
    ok(await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'gate.csv', content: csv }));
    const stored = await t.container.db.kysely.selectFrom('db_values').select((eb) => eb.fn.countAll<number>().as('n')).where('database_id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(80_000);
    expect(valuesOf(ok(await call('databases', 'showvalues', { database_id: id, value: 'GATE-079990' })))).toEqual(['GATE-079990|Seat 79990, row 30|0']);

    // "Value contains" finds imported values before their substring index is fed (SQLite feeds it after the import), and after.
    const like = async (term: string) => valuesOf(ok(await call('databases', 'showvalues', { database_id: id, valuelike: term }))).map((v) => v.split('|')[0]);
    const tail = Array.from({ length: 10 }, (_, i) => `GATE-07999${i}`);
    expect(await like('gate-07999')).toEqual(tail);
    const values = t.container.scanConfig.databases;
    // Fed by itself after the import (80,000 waited, past the 1,000 that start a feed).
    await vi.waitFor(async () => expect(await values.repo.unindexedValues()).toBe(0), { timeout: 10_000, interval: 20 });
    if (t.container.db.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM db_values_fts WHERE db_values_fts MATCH '"079990"'`.execute(t.container.db.kysely);
      expect(rows[0]!.n).toBe(1);
    }
    expect(await like('gate-07999')).toEqual(tail);
    // An indexed value deleted, and one added after: the search follows both.
    ok(await call('databases', 'deletevalue', { database_id: id, value: 'GATE-079991' }));
    ok(await call('databases', 'addvalue', { database_id: id, value: 'GATE-0799999' }));
    expect(await like('gate-07999')).toEqual([...tail.filter((v) => v !== 'GATE-079991'), 'GATE-0799999']);
  });

  it('pages "value contains" across the values in the substring index and those not fed to it yet, in id order', async () => {
    const id = await newDb('Paged contains');
    const csv = Array.from({ length: 1_500 }, (_, i) => `PAGE-${String(i).padStart(5, '0')}`).join('\n');
    ok(await legacyMultipart(t.app, { section: 'databases', action: 'upload', api_key: key, database_id: id }, { field: 'csvfile', filename: 'pages.csv', content: `${csv}\n` }));
    await t.container.scanConfig.databases.valuesIndex.flush();
    // Three more, one by one: too few to be fed yet (SQLite), so they are read directly, after the indexed ones.
    for (const v of ['PAGE-90000', 'PAGE-90001', 'PAGE-90002']) ok(await call('databases', 'addvalue', { database_id: id, value: v }));
    if (t.container.db.dialect === 'sqlite') expect(await t.container.scanConfig.databases.repo.unindexedValues()).toBeGreaterThanOrEqual(3);
    const all = [...Array.from({ length: 1_500 }, (_, i) => `PAGE-${String(i).padStart(5, '0')}`), 'PAGE-90000', 'PAGE-90001', 'PAGE-90002'];
    const like = async (offset: number, limit: number) => {
      const res = ok(await call('databases', 'showvalues', { database_id: id, valuelike: 'page-', offset: String(offset), limit: String(limit) }));
      return { values: valuesOf(res).map((v) => v.split('|')[0]), count: res.xml.count };
    };
    expect(await like(1_495, 10)).toMatchObject({ values: all.slice(1_495, 1_505) });
    expect(await like(1_501, 10)).toMatchObject({ values: all.slice(1_501) });
    expect(await like(0, 3)).toMatchObject({ values: all.slice(0, 3) });
    expect(await like(1_503, 10)).toMatchObject({ values: [] });
    // The total (the database page's count) adds both parts.
    const { account_id: accountId } = await t.container.db.kysely.selectFrom('databases').select('account_id').where('id', '=', Number(id)).executeTakeFirstOrThrow();
    const counted = await t.container.scanConfig.databases.repo.findValues(accountId, Number(id), { valueLike: 'page-' }, { limit: 2, offset: 1_500 }, 10_000);
    expect(counted).toMatchObject({ total: 1_503, rows: [{ value: 'PAGE-90000' }, { value: 'PAGE-90001' }] });
  });

  it('answers 1029 without a file, 1026 for another file type, 1019 for a bad row (and imports nothing)', async () => {
    const id = await newDb('Upload errors');
    const fields = { section: 'databases', action: 'upload', api_key: key, database_id: id };
    expectCode(await legacyMultipart(t.app, fields), 1029);
    expectCode(await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'list.xlsx', content: 'x' }), 1026);
    const bad = await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'list.csv', content: 'ok1\nok2,r,1,extra\n' });
    expectCode(bad, 1019);
    expect(bad.raw).toContain('Row 2');
    expectCode(await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'list.csv', content: 'ok1\n"unclosed\n' }), 1019);
    expectCode(await legacyMultipart(t.app, fields, { field: 'csvfile', filename: 'list.csv', content: 'v,r,1\n  ,r,0\n' }), 1019);
    expect(ok(await call('databases', 'showvalues', { database_id: id })).xml.count).toBe('0');
  });
});
