import { importTableInputs, tableBuilderSettings, type ImportTableInputs, type TableBuilderSettings } from '@scanbase/contracts';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { jobReport, PermanentJobError, type JobResult } from '../../../platform/jobs/job-types.js';
import { nothingImported, openRows, openSource, rejectedRowsFile } from '../../tasks/import.tasks.js';
import type { TaskCatalogue, TaskContext, TaskHandler } from '../../tasks/task-catalogue.js';
import { importTime } from '../check-in-out/check-in-out.tasks.js';
import { SpecializedRepo } from '../specialized.repo.js';
import { storedTypeSettings } from '../type-settings.js';
import { TABLE_KEY_MAX, TABLE_TOPIC, tableBuilderType } from '../types/table-builder.js';
import { TableBuilderRepo } from './table-builder.repo.js';
import { editableColumns } from './table-rules.js';

/** Lines one import may hold (every line is checked before anything is written, so they are kept in memory). */
export const MAX_TABLE_IMPORT_ROWS = 200_000;
/** The longest answer a cell takes (as `table-builder/cell-update`). */
const CELL_MAX = 4_000;
/** Who an imported change is by when the line names no app user. */
export const IMPORT_BY = 'Import';
const n = (x: number) => x.toLocaleString('en-US');

type Deps = { db: Db; bus: EventBus; accountZone: (accountId: number) => Promise<string>; allowPrivateUrls: boolean; maxImportBytes: number };
type Kind = 'rows' | 'scans';
type Instance = { id: number; name: string; settings: TableBuilderSettings; columns: { questionId: number; text: string }[] };
/** Where each field is in a line: the key, the time and user (scans), and the column of each question. */
type Layout = { key: number; time: number; user: number; columns: { index: number; questionId: number; text: string }[] };
type Line = { line: number; key: string; at: string | null; user: string; cells: { questionId: number; text: string; value: string }[] };

async function instanceOf(deps: Deps, accountId: number, serviceId: number): Promise<Instance> {
  const row = await new SpecializedRepo(deps.db.kysely, deps.db.dialect).get(accountId, serviceId);
  if (!row || row.specialized_type !== 'table-builder') {
    throw new AppError('NOT_FOUND', `Table ${serviceId} does not exist.`, [{ path: 'inputs.serviceId', message: `Service ${serviceId} is not a table-builder service of this account` }]);
  }
  const settings = tableBuilderSettings.parse(storedTypeSettings(tableBuilderType, row.type_settings));
  const columns = await new TableBuilderRepo(deps.db.kysely, deps.db.dialect).columns(accountId, serviceId);
  return { id: serviceId, name: row.name, settings, columns };
}

async function runInstance(deps: Deps, accountId: number, serviceId: number): Promise<Instance> {
  try {
    return await instanceOf(deps, accountId, serviceId);
  } catch (error) {
    throw new PermanentJobError(`Table ${serviceId} does not exist any more; choose another one.`, { cause: error });
  }
}

/** The layout of a header line, or why it cannot be read. */
export function layoutOf(kind: Kind, header: string[], inst: Pick<Instance, 'settings' | 'columns'>): Layout | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const keyNames = [inst.settings.keyLabel.trim().toLowerCase(), 'value', 'barcode', 'key'];
  const key = names.findIndex((h) => keyNames.includes(h));
  if (key < 0) return `The header has no key column (expected "${inst.settings.keyLabel}", value or barcode).`;
  const find = (...options: string[]) => (kind === 'scans' ? names.findIndex((h, i) => i !== key && options.includes(h)) : -1);
  const time = find('time', 'scanned', 'scanned at', 'date');
  const user = find('user', 'username', 'app user');
  const byText = new Map(inst.columns.map((c) => [c.text.trim().toLowerCase(), c]));
  const columns: Layout['columns'] = [];
  for (const [index, name] of names.entries()) {
    if (index === key || index === time || index === user || name === '') continue;
    const column = byText.get(name);
    if (!column) return `"${header[index]!.trim()}" is not a column of the table (its columns: ${inst.columns.map((c) => c.text).join(', ') || 'none'}).`;
    if (columns.some((c) => c.questionId === column.questionId)) return `The column "${column.text}" is in the header twice.`;
    columns.push({ index, questionId: column.questionId, text: column.text });
  }
  return { key, time, user, columns };
}

/** Without a header: the key (then time and user for scans), then the table's columns in order. */
function positional(kind: Kind, inst: Instance): Layout {
  const first = kind === 'scans' ? 3 : 1;
  return { key: 0, time: kind === 'scans' ? 1 : -1, user: kind === 'scans' ? 2 : -1, columns: inst.columns.map((c, i) => ({ index: first + i, questionId: c.questionId, text: c.text })) };
}

/**
 * `importtable` (rows) and `importtablebuilderscans` (scans), all or nothing. Pass 1 reads every line and refuses
 * unreadable ones with their line number; pass 2 writes everything in one transaction. An empty cell leaves the
 * cell as it is. A row import sets cells as "Import"; a scan import stores each line as a valid scan of the service
 * (oldest first) and applies its answers as the scan would, with the named app user's edit rights.
 */
async function runImport(ctx: TaskContext, deps: Deps, kind: Kind): Promise<JobResult> {
  const input = ctx.inputs as ImportTableInputs;
  const inst = await runInstance(deps, ctx.accountId, input.serviceId);
  const repo = new TableBuilderRepo(deps.db.kysely, deps.db.dialect);
  const zone = kind === 'scans' ? await deps.accountZone(ctx.accountId) : 'UTC';
  const source = await openSource(ctx, input, deps, false);
  const rejected = rejectedRowsFile(ctx);
  const bad: { row: number; reason: string }[] = [];
  const what = kind === 'rows' ? 'row was' : 'scan was';
  const refuse = async (line: number, reason: string, value: string) => {
    bad.push({ row: line, reason });
    await rejected.add({ row: line, reason, value });
  };
  const fail = async (rows: number) => nothingImported(jobReport({ rows, imported: 0, rejected: bad.length, rejectedRows: bad }), await rejected.finish(), what);
  try {
    const lines: Line[] = [];
    const seen = new Map<string, number>();
    let layout: Layout | undefined = input.hasHeader ? undefined : positional(kind, inst);
    let line = 0;
    const now = Date.now();
    const { rows } = await openRows(source, (stream) => ctx.signal.addEventListener('abort', () => stream.destroy(new Error('stopped')), { once: true }));
    for await (const batch of rows) {
      for (const cells of batch) {
        line++;
        if (layout === undefined) {
          const l = layoutOf(kind, cells, inst);
          if (typeof l === 'string') throw new PermanentJobError(`Line 1: ${l} Nothing was imported.`);
          layout = l;
          continue;
        }
        if (cells.every((x) => x.trim() === '')) continue;
        if (lines.length + bad.length >= MAX_TABLE_IMPORT_ROWS) throw new PermanentJobError(`The file has more than ${n(MAX_TABLE_IMPORT_ROWS)} lines; split it. Nothing was imported.`);
        const key = (cells[layout.key] ?? '').trim();
        const timeText = layout.time < 0 ? '' : (cells[layout.time] ?? '').trim();
        const at = timeText === '' ? null : importTime(timeText, zone);
        const values = layout.columns.map((c) => ({ questionId: c.questionId, text: c.text, value: (cells[c.index] ?? '').trim() })).filter((c) => c.value !== '');
        const long = values.find((c) => c.value.length > CELL_MAX);
        if (key === '') await refuse(line, 'The key is empty.', key);
        else if (key.length > TABLE_KEY_MAX) await refuse(line, `The key is longer than ${n(TABLE_KEY_MAX)} characters.`, key.slice(0, 100));
        else if (long) await refuse(line, `The answer of "${long.text}" is longer than ${n(CELL_MAX)} characters.`, key);
        else if (at === undefined) await refuse(line, `The time "${timeText}" is not an ISO time nor yyyy-MM-dd HH:mm.`, key);
        else if (at !== null && Date.parse(at) > now + 60_000) await refuse(line, `The time ${timeText} is in the future.`, key);
        else if (kind === 'rows' && seen.has(key)) await refuse(line, `The key ${key} is on line ${seen.get(key)} already.`, key);
        else {
          seen.set(key, line);
          lines.push({ line, key, at, user: layout.user < 0 ? '' : (cells[layout.user] ?? '').trim(), cells: values });
        }
      }
      ctx.progress(line, null, `Checking lines: ${n(line)} read`);
    }
    if (layout === undefined) throw new PermanentJobError('The file is empty. Nothing was imported.');
    const total = lines.length + bad.length;
    const users = await repo.appUsersNamed(ctx.accountId, [...new Set(lines.filter((l) => l.user !== '').map((l) => l.user.toLowerCase()))]);
    for (const l of lines) if (l.user !== '' && !users.has(l.user.toLowerCase())) await refuse(l.line, `No app user is named "${l.user}".`, l.key);
    if (bad.length > 0) {
      bad.sort((a, b) => a.row - b.row);
      throw await fail(total);
    }
    if (lines.length === 0) throw new PermanentJobError('The file has no lines to import. Nothing was imported.');
    await ctx.log(`All ${n(lines.length)} lines are readable; writing them in one transaction.`);
    const receivedAt = new Date().toISOString();
    // Scans are applied oldest first (then in file order), as they would have arrived.
    if (kind === 'scans') lines.sort((a, b) => ((a.at ?? receivedAt) < (b.at ?? receivedAt) ? -1 : (a.at ?? receivedAt) > (b.at ?? receivedAt) ? 1 : a.line - b.line));
    const all = inst.columns.map((c) => c.questionId);
    let changed = 0;
    await repo.transaction(async (t) => {
      let done = 0;
      for (const l of lines) {
        ctx.signal.throwIfAborted();
        const user = l.user === '' ? undefined : users.get(l.user.toLowerCase());
        const by = user?.username ?? IMPORT_BY;
        const at = l.at ?? receivedAt;
        let scanId: number | null = null;
        let cells = l.cells;
        if (kind === 'scans') {
          scanId = await t.insertScan(ctx.accountId, inst.id, { value: l.key, response: 'Row updated (imported).', at, appUserId: user?.id ?? null, receivedAt, answers: l.cells.map((c) => ({ questionId: c.questionId, text: c.text, answer: c.value })) });
          if (user) {
            const editable = new Set(editableColumns(inst.settings, user.id, all));
            cells = cells.filter((c) => editable.has(c.questionId));
          }
        }
        const rowId = await t.upsertRow(ctx.accountId, inst.id, l.key, at, by);
        for (const c of cells) if (await t.setCell(ctx.accountId, inst.id, rowId, c.questionId, c.value, by, 'import', scanId, at)) changed++;
        if (++done % 500 === 0) ctx.progress(done, lines.length, `Importing: ${n(done)} of ${n(lines.length)} lines`);
      }
    });
    await deps.bus.publish({ accountId: ctx.accountId, topic: TABLE_TOPIC, id: inst.id });
    ctx.progress(lines.length, lines.length, `${n(lines.length)} lines imported`);
    const noun = kind === 'rows' ? 'row' : 'scan';
    return {
      summary: `${n(lines.length)} ${noun}${lines.length === 1 ? '' : 's'} imported into ${inst.name} (${n(changed)} cell${changed === 1 ? '' : 's'} changed, from ${source.label}).`,
      report: jobReport({ rows: total, imported: lines.length, rejected: 0, rejectedRows: [] }),
    };
  } catch (error) {
    rejected.abort();
    throw error;
  } finally {
    await source.close();
  }
}

/** The task types of the table builder: `importtable` (rows) and `importtablebuilderscans` (scans), CSV or XLSX, all or nothing. */
export function registerTableBuilderTasks(catalogue: TaskCatalogue, deps: Deps): void {
  const check = async (accountId: number, inputs: Record<string, unknown>) => void (await instanceOf(deps, accountId, inputs.serviceId as number));
  catalogue.register('importtable', { inputs: importTableInputs, check, run: (ctx) => runImport(ctx, deps, 'rows') } satisfies TaskHandler);
  catalogue.register('importtablebuilderscans', { inputs: importTableInputs, check, run: (ctx) => runImport(ctx, deps, 'scans') } satisfies TaskHandler);
}
