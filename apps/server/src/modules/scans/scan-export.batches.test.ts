import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { exportScans, type ExportFormat, type ExportLayout } from './scan-export.js';
import type { ScanFilter } from './scan-filter.js';
import { scanAccount } from './scans.test-helpers.js';

// An export of more scans than one batch writes the same bytes as the same export read in a single batch: each
// batch reads the answers and properties of its id range in one query, and a scan never takes another's.

const SCANS = 1_150;
let t: TestApp;
let accountId = 0;
let questionId = 0;
let otherQuestion = 0;
let services: number[] = [];

const tricky = ['=1+1', '+SUM(A1)', '-5', '@cmd', '\tTAB', 'say "hi", twice', 'two\nlines', 'ünï ✓', ''];

beforeAll(async () => {
  t = await createTestApp();
  const a = await scanAccount(t);
  questionId = await a.question('Items?', 'manual');
  otherQuestion = await a.question('Dock?', 'manual');
  services = [await a.service({ validation_method: 'record', service_name: 'Gate "A"' }), await a.service({ validation_method: 'record', service_name: '=Gate B' })];
  const user = await a.appUser(services);
  const k = t.container.db.kysely;
  accountId = (await k.selectFrom('services').select('account_id').where('id', '=', services[0]!).executeTakeFirstOrThrow()).account_id;
  const device = (await k.insertInto('devices').values({ account_id: accountId, udid: 'batch-device', name: 'Dock, 1', app_user_id: null, created_at: new Date().toISOString(), last_seen_at: null }).returning('id').executeTakeFirstOrThrow()).id;
  const start = Date.parse('2026-03-07T12:00:00.000Z');
  for (let n = 0; n < SCANS; n += 250) {
    const rows = [];
    for (let i = n; i < Math.min(SCANS, n + 250); i++) {
      // Times across the March daylight-saving change of New York.
      const at = new Date(start + i * 431_000).toISOString();
      rows.push({ account_id: accountId, service_id: services[i % 2]!, app_user_id: i % 3 === 0 ? null : user.id, device_id: i % 4 === 0 ? null : device, upload_id: null, value: `${tricky[i % tricky.length]}-${i}`, response: tricky[(i + 3) % tricky.length]!, status: [1, 0, -1][i % 3]!, db_value_id: null, client_scan_id: null, scanned_at: at, received_at: at, modified_at: at });
    }
    const inserted = await k.insertInto('scans').values(rows).returning(['id', 'scanned_at']).execute();
    const answers = inserted.flatMap((r, j) => {
      const i = n + j;
      // Written last position first: an export lists a question's answers by position, not as stored.
      const many = Array.from({ length: i % 4 }, (_, position) => ({ account_id: accountId, scan_id: r.id, question_id: questionId, question_text: 'Items?', position, answer: `${tricky[(i + position) % tricky.length]}${position}`, file_key: null })).reverse();
      return i % 5 === 0 ? [...many, { account_id: accountId, scan_id: r.id, question_id: otherQuestion, question_text: 'Dock?', position: 0, answer: `D${i}`, file_key: null }] : many;
    });
    if (answers.length > 0) await k.insertInto('scan_answers').values(answers).execute();
    const props = inserted.flatMap((r, j) => {
      const i = n + j;
      const base = [{ account_id: accountId, scan_id: r.id, name: 'capture_type', value: i % 3 === 0 ? 'manual' : 'camera', scanned_at: r.scanned_at }];
      return i % 7 === 0 ? [...base, { account_id: accountId, scan_id: r.id, name: 'lane', value: tricky[i % tricky.length]!, scanned_at: r.scanned_at }] : base;
    });
    await k.insertInto('scan_properties').values(props).execute();
  }
});
afterAll(async () => {
  await t.close();
});

const everything: ScanFilter = { includeDeletedServices: true, includeDeletedUsers: true };

async function bytes(format: ExportFormat, batch: number, template?: ExportLayout, filter: ScanFilter = everything): Promise<{ bytes: Buffer; counted: number }> {
  let counted = 0;
  const stream = await exportScans(t.container.scans.repo, accountId, filter, format, (n) => (counted = n), new AbortController().signal, template, undefined, { batch });
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return { bytes: Buffer.concat(parts), counted };
}

/** The files inside an XLSX (the zip itself carries the time it was written). */
async function xlsxFiles(zip: Buffer): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of (await unzipper.Open.buffer(zip)).files) files[entry.path] = (await entry.buffer()).toString('utf8');
  return files;
}

/** The export in batches of 100 and in one batch. */
async function bothWays(format: ExportFormat, template?: ExportLayout, filter?: ScanFilter) {
  return { many: await bytes(format, 100, template, filter), one: await bytes(format, 5_000, template, filter) };
}

const template = (): ExportLayout => ({
  columns: [
    { kind: 'field', field: 'id', header: 'Id' },
    { kind: 'field', field: 'scannedAt', header: 'When' },
    { kind: 'field', field: 'value', header: 'Code' },
    { kind: 'question', questionId, header: 'Items' },
    { kind: 'property', name: 'lane', header: 'Lane' },
    { kind: 'field', field: 'user', header: 'By' },
  ],
  dateFormat: 'yyyy-MM-dd hh:mm a XXX',
  timeZone: 'America/New_York',
  rowPer: 'answer',
});

describe('an export of many batches', { timeout: 60_000 }, () => {
  it('writes the default columns row for row as one batch does', async () => {
    const { many, one } = await bothWays('csv');
    const lines = one.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFScan ID,Service,User,Device,Barcode,Status,Response,Scanned (UTC),Received (UTC),Modified (UTC),Upload ID,Items?,Dock?,capture_type,lane');
    expect(lines[2]).toContain(`,'=Gate B,`);
    // The 246th scan answers Dock? and has a lane starting with a formula sign (the last column).
    expect(lines.find((l) => l.includes(',D245,'))).toMatch(/,'-5$/);
    // The 4th scan's three answers, joined in position order (quoted: one has quotes and a comma).
    expect(lines.find((l) => l.includes(',@cmd-3,') || l.includes(",'@cmd-3,"))).toContain('@cmd0|^|\tTAB1|^|say ""hi"", twice2"');
    expect(lines.length).toBe(SCANS + 2);
    expect(many.bytes.toString('utf8').split('\r\n')).toEqual(lines);
    expect(many.bytes.equals(one.bytes)).toBe(true);
    expect(many.counted).toBe(SCANS);
  });

  it('writes a template with a time zone and a row per answer the same way, as CSV, JSON and XLSX', async () => {
    const csv = await bothWays('csv', template());
    expect(csv.many.bytes.equals(csv.one.bytes)).toBe(true);
    const text = csv.one.bytes.toString('utf8');
    expect(text).toContain('2026-03-08 03:');
    expect(text.split('\r\n').length).toBeGreaterThan(SCANS + 2);
    const json = await bothWays('json', template());
    expect(json.many.bytes.equals(json.one.bytes)).toBe(true);
    expect((JSON.parse(json.one.bytes.toString('utf8')) as unknown[]).length).toBe(text.split('\r\n').length - 2);
    const xlsx = await bothWays('xlsx', template());
    const sheets = await xlsxFiles(xlsx.one.bytes);
    expect(sheets['xl/worksheets/sheet1.xml']).toContain('2026-03-08 03:');
    expect(await xlsxFiles(xlsx.many.bytes)).toEqual(sheets);
  });

  it('keeps each scan to its own answers when the filter leaves scans of the range out', async () => {
    const filter: ScanFilter = { ...everything, serviceIds: [services[1]!], statuses: [1, 0] };
    const { many, one } = await bothWays('csv', undefined, filter);
    expect(many.bytes.equals(one.bytes)).toBe(true);
    const all = (await bytes('csv', 5_000)).bytes.toString('utf8').split('\r\n');
    const kept = one.bytes.toString('utf8').split('\r\n');
    // The same line as in the whole export, for every scan kept (the default columns of both hold both questions and properties).
    expect(kept.length).toBeGreaterThan(2);
    for (const line of kept.slice(1, -1)) expect(all).toContain(line);
    expect(kept.filter((l) => l.includes(',=Gate B,') || l.includes(`,'=Gate B,`)).length).toBe(kept.length - 2);
  });

  it('reads only what it is asked for: an empty result is a header alone', async () => {
    const { one, many } = await bothWays('csv', undefined, { statuses: [7] });
    expect(one.bytes.toString('utf8').split('\r\n').filter((l) => l !== '').length).toBe(1);
    expect(many.bytes.equals(one.bytes)).toBe(true);
  });
});
