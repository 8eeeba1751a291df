import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { printRows, type BenchRow } from './lib/report.js';
import { startScanbase } from './lib/servers.js';

// Issue 14 "Figure": the table view of a table-builder instance with 100,000 rows and 10 columns, first page
// with a filter (a column contains a text), p95 < 50 ms on both databases; the same-run baseline is the first
// page without a filter (newest change first, read through the index alone).
const ROWS = Number(process.env.TABLE_BENCH_ROWS ?? 100_000);
const COLUMNS = 10;
const CALLS = 100;
const BATCH = 1_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function run(): Promise<BenchRow[]> {
  const sb = await startScanbase();
  try {
    const { accountId } = await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email: 'bench-table@example.com', password: 'bench password 1' });
    const k = sb.container.db.kysely;
    const questionIds: number[] = [];
    const at = new Date().toISOString();
    for (let c = 0; c < COLUMNS; c++) {
      const q = await k.insertInto('questions').values({ account_id: accountId, text: `Column ${c + 1}`, type: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      questionIds.push(q.id);
    }
    const table = await sb.container.specialized.create(accountId, { type: 'table-builder', name: 'Assets', databaseId: null, settings: {}, userIds: [] });
    await k.insertInto('service_questions').values(questionIds.map((question_id, position) => ({ account_id: accountId, service_id: table.id, question_id, position }))).execute();
    // 100,000 rows, each with 10 cells (a million), as a busy table would have them.
    for (let start = 0; start < ROWS; start += BATCH) {
      const n = Math.min(BATCH, ROWS - start);
      const ids = await k
        .insertInto('table_builder_rows')
        .values(Array.from({ length: n }, (_, i) => ({ account_id: accountId, service_id: table.id, value: `ASSET-${String(start + i).padStart(8, '0')}`, created_at: at, updated_at: new Date(Date.parse(at) + start + i).toISOString(), updated_by: 'bench' })))
        .returning('id')
        .execute();
      const cells = ids.flatMap(({ id }, i) => questionIds.map((question_id, c) => ({ account_id: accountId, service_id: table.id, row_id: id, question_id, value: c === 0 ? ['in use', 'broken', 'repair', 'spare'][(start + i) % 4]! : `value ${(start + i) % 997} of column ${c + 1}`, updated_at: at, updated_by: 'bench' })));
      for (let i = 0; i < cells.length; i += 500) await k.insertInto('table_builder_cells').values(cells.slice(i, i + 500)).execute();
    }
    if (sb.container.db.dialect === 'postgres') {
      await sql`VACUUM ANALYZE table_builder_rows`.execute(k);
      await sql`VACUUM ANALYZE table_builder_cells`.execute(k);
    } else await sql`ANALYZE`.execute(k);
    const measure = async (filters: { column: string; op: 'contains'; value: string }[]) => {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const page = await sb.container.tableBuilder.rows(accountId, { id: table.id, filters, sort: 'updatedAt', direction: 'desc', page: 1, limit: 50 });
        times.push(performance.now() - started);
        if (page.rows.length !== 50 || page.rows[0]!.cells[String(questionIds[0])] === undefined) throw new Error(`unexpected page: ${page.rows.length} rows`);
      }
      return percentile(times.sort((a, b) => a - b), 95);
    };
    const plain = await measure([]);
    const filtered = await measure([{ column: String(questionIds[0]), op: 'contains', value: 'broke' }]);
    const d = sb.container.db.dialect;
    return [
      { name: `table view first page, ${ROWS.toLocaleString('en-US')} rows x ${COLUMNS} columns, p95 (${d})`, value: plain, unit: 'ms' },
      { name: `table view first page with a filter, p95 (${d})`, value: filtered, unit: 'ms', baseline: plain, baselineName: 'first page without a filter', ratio: filtered / plain, goal: '< 50 ms' },
    ];
  } finally {
    await sb.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('table-builder', await run());
}
