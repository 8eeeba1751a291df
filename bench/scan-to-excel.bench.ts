import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { measured, type Measured } from './lib/measure.js';
import { type BenchRow } from './lib/report.js';
import { startScanbase } from './lib/servers.js';

// Issue 14 "Figures": the scan-to-Excel download of 100,000 rows through its secret link (GET over HTTP, the
// server in this process), time and memory added, against exceljs' streaming writer alone writing the same
// rows (the cells read back from our file) in the same run. Goal: at most 1.5x the time, < 150 MB added.
const ROWS = Number(process.env.SHEET_BENCH_ROWS ?? 100_000);
const BATCH = 2_000;

/** The sheet's 100,000 rows downloaded by the link vs exceljs alone writing the same rows. */
export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-bench-sheet-'));
  const sb = await startScanbase();
  try {
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-sheet@example.com', password: 'bench password 1' });
    const { appUsers, questions } = sb.container.scanConfig;
    const questionId = await questions.create(accountId, { text: 'Condition', type: 'manual' });
    const columns = [
      { kind: 'field', field: 'value', header: 'Barcode' },
      { kind: 'field', field: 'scannedAt', header: 'Scan time' },
      { kind: 'field', field: 'user', header: 'User' },
      { kind: 'field', field: 'status', header: 'Status' },
      { kind: 'question', questionId, header: 'Condition' },
      { kind: 'gps', part: 'latitude', header: 'Latitude' },
      { kind: 'gps', part: 'longitude', header: 'Longitude' },
    ];
    const sheet = await sb.container.specialized.create(accountId, { type: 'scan-to-excel', name: 'Deliveries', databaseId: null, settings: { columns }, userIds: [] });
    const userId = await appUsers.create(accountId, { username: 'bench-sheet-user', password: 'gate-pass', serviceIds: [sheet.id] });
    const k = sb.container.db.kysely;
    const start = Date.parse('2026-05-01T08:00:00Z');
    for (let first = 0; first < ROWS; first += BATCH) {
      await k.transaction().execute(async (tx) => {
        const rows = Array.from({ length: Math.min(BATCH, ROWS - first) }, (_, i) => {
          const n = first + i;
          const at = new Date(start + n * 1_000).toISOString();
          return { account_id: accountId, service_id: sheet.id, app_user_id: userId, device_id: null, upload_id: null, value: `PARCEL-${String(n).padStart(8, '0')}`, response: '', status: 1, db_value_id: null, client_scan_id: null, scanned_at: at, received_at: at, modified_at: at };
        });
        const ids = await tx.insertInto('scans').values(rows).returning(['id', 'scanned_at']).execute();
        await tx.insertInto('scan_answers').values(ids.map((r, i) => ({ account_id: accountId, scan_id: r.id, question_id: questionId, question_text: 'Condition', position: 0, answer: ['intact', 'dented', 'wet'][(first + i) % 3]!, file_key: null }))).execute();
        await tx.insertInto('scan_properties').values(ids.map((r, i) => ({ account_id: accountId, scan_id: r.id, name: 'gps_location', value: `${(48.85 + ((first + i) % 1000) / 100_000).toFixed(5)},${(2.35 + ((first + i) % 700) / 100_000).toFixed(5)}`, scanned_at: r.scanned_at }))).execute();
      });
    }
    const link = await sb.container.scanToExcel.linkCreate(accountId, sheet.id);
    const ours = path.join(dir, 'ours.xlsx');
    // Twice each, alternating; times of the second round (the first warms the JIT and the page cache); our memory
    // from the first download, before exceljs ran at all (RSS grown by exceljs is not given back to the system).
    let oursFirst: Measured<void> = { result: undefined, seconds: 0, peakMb: 0, growthMb: 0 };
    let oursRun = oursFirst;
    let plainRun = oursFirst;
    let rows: (string | number)[][] = [];
    for (let round = 0; round < 2; round++) {
      oursRun = await measured(async () => {
        const res = await fetch(`${sb.url}${link.path}`);
        if (!res.ok || !res.body) throw new Error(`the link answered ${res.status}`);
        await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(ours));
      });
      if (round === 0) {
        oursFirst = oursRun;
        // The baseline writes exactly our rows: read them back once (not timed).
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(ours);
        const ws = book.worksheets[0]!;
        rows = [];
        ws.eachRow((row, i) => {
          if (i > 1) rows.push((row.values as (string | number)[]).slice(1));
        });
        if (rows.length !== ROWS) throw new Error(`the sheet has ${rows.length} rows, expected ${ROWS}`);
      }
      plainRun = await measured(async () => {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'plain.xlsx'), useStyles: false, useSharedStrings: false });
        const ws = workbook.addWorksheet('Deliveries');
        ws.addRow(columns.map((c) => c.header)).commit();
        for (const r of rows) ws.addRow(r).commit();
        ws.commit();
        await workbook.commit();
      });
    }
    const n = ROWS.toLocaleString('en-US');
    return [
      { name: `exceljs streaming writer alone, ${n} rows x ${columns.length} columns`, value: plainRun.seconds, unit: 's' },
      { name: `scan-to-Excel download by its link, ${n} rows`, value: oursRun.seconds, unit: 's', baseline: plainRun.seconds, baselineName: 'exceljs alone', ratio: oursRun.seconds / plainRun.seconds, goal: 'ratio <= 1.5 (issue 14)' },
      { name: 'scan-to-Excel download: RSS added by the first download (whole process, server + client)', value: oursFirst.growthMb, unit: 'MB', baseline: plainRun.growthMb, baselineName: 'exceljs alone', goal: '< 150 MB' },
    ];
  } finally {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
