import { Readable } from 'node:stream';
import { downloadCheckInOutInputs, importCheckInOutScansInputs, type CheckDirection, type CheckInOutSettings, type DownloadCheckInOutInputs, type ImportCheckInOutScansInputs } from '@scanbase/contracts';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { jobReport, PermanentJobError, type JobResult } from '../../../platform/jobs/job-types.js';
import { xlsxStream, type XlsxCell } from '../../../platform/xlsx/xlsx-stream.js';
import { csvRow, exportContentTypes } from '../../scans/scan-export.js';
import { formatInZone, isDate, zonedToUtc } from '../../scans/scan-filter.js';
import { statusWord } from '../../scans/validation-rules.js';
import { nothingImported, openRows, openSource, rejectedRowsFile } from '../../tasks/import.tasks.js';
import type { TaskCatalogue, TaskContext, TaskHandler } from '../../tasks/task-catalogue.js';
import { storedTypeSettings } from '../type-settings.js';
import { CHECKINOUT_TOPIC, checkInOutType, checklistItems, stateKey } from '../types/check-in-out.js';
import { CheckInOutRepo, type CheckInOutInstanceRow } from './check-in-out.repo.js';

const PAGE = 2_000;
const PERIOD_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
/** Rows one import may hold (every row is checked before anything is written, so they are kept in memory). */
export const MAX_IMPORT_ROWS = 200_000;
const n = (x: number) => x.toLocaleString('en-US');

type Deps = { db: Db; bus: EventBus; accountZone: (accountId: number) => Promise<string>; allowPrivateUrls: boolean; maxImportBytes: number };

/** The instance named by `serviceId`, or an error naming the field (another account's service, or a service of another kind). */
async function instanceOf(repo: CheckInOutRepo, accountId: number, serviceId: number): Promise<CheckInOutInstanceRow> {
  const row = await repo.instance(accountId, serviceId);
  if (!row) throw new AppError('NOT_FOUND', `Check in/out service ${serviceId} does not exist.`, [{ path: 'inputs.serviceId', message: `Service ${serviceId} is not a check in/out service of this account` }]);
  return row;
}

/** Checks at save time that `serviceId` is a check in/out instance of the account. */
function checkInstance(deps: Deps) {
  return async (accountId: number, inputs: Record<string, unknown>): Promise<void> => {
    await instanceOf(new CheckInOutRepo(deps.db.kysely, deps.db.dialect), accountId, inputs.serviceId as number);
  };
}

/** The same instance at run time: gone since the task was saved fails the run for good. */
async function runInstance(repo: CheckInOutRepo, accountId: number, serviceId: number): Promise<CheckInOutInstanceRow> {
  try {
    return await instanceOf(repo, accountId, serviceId);
  } catch (error) {
    throw new PermanentJobError(`Check in/out service ${serviceId} does not exist any more; choose another one.`, { cause: error });
  }
}

/** The [from, to) instants of a movements period (local dates in the account's zone). */
function periodBounds(period: DownloadCheckInOutInputs['period'], zone: string, now = Date.now()): { from?: string; to?: string } {
  if (period.kind === 'last') return { from: new Date(now - PERIOD_MS[period.metric] * period.number).toISOString() };
  if (period.kind === 'range') {
    const next = new Date(Date.parse(`${period.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return { from: zonedToUtc(period.from, '00:00:00', zone), to: zonedToUtc(next, '00:00:00', zone) };
  }
  return {};
}

/** `value, state, since, by, moves` of every moved value, by value. */
async function* rosterRows(repo: CheckInOutRepo, accountId: number, serviceId: number, zone: string, onRows: (n: number) => void, signal: AbortSignal): AsyncGenerator<XlsxCell[][]> {
  let after: string | null = null;
  let done = 0;
  for (;;) {
    signal.throwIfAborted();
    const page = await repo.rosterPage(accountId, serviceId, after, PAGE);
    if (page.length === 0) return;
    yield page.map((r) => [r.value, r.state, formatInZone(r.since, zone), r.by ?? '', r.moves]);
    done += page.length;
    onRows(done);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.key;
  }
}

/** Every scan of the instance in the period, oldest first, with its direction, checklist, reason, user, device and time. */
async function* movementRows(repo: CheckInOutRepo, accountId: number, serviceId: number, bounds: { from?: string; to?: string }, zone: string, onRows: (n: number) => void, signal: AbortSignal): AsyncGenerator<XlsxCell[][]> {
  let after = 0;
  let done = 0;
  for (;;) {
    signal.throwIfAborted();
    const page = await repo.movementPage(accountId, serviceId, bounds, after, PAGE);
    if (page.length === 0) return;
    yield page.map((m) => [m.id, m.value, m.direction ?? '', statusWord(m.status), m.response, checklistItems(m.checklist ?? undefined).join('; '), m.reason ?? '', m.by ?? '', m.device ?? '', m.capture_type ?? 'scan', formatInZone(m.scanned_at, zone)]);
    done += page.length;
    onRows(done);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/** The file's stream: CSV (BOM, CRLF, formula-safe cells) or XLSX (inline text cells), batch by batch. */
function fileStream(format: 'csv' | 'xlsx', sheet: string, header: string[], batches: AsyncIterable<XlsxCell[][]>): Readable {
  if (format === 'xlsx') return xlsxStream(sheet, header, batches);
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvRow(header)}`;
      for await (const batch of batches) {
        let text = '';
        for (const cells of batch) text += csvRow(cells);
        yield text;
      }
    })(),
  );
}

function slug(name: string): string {
  return name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'check-in-out';
}

async function runDownload(ctx: TaskContext, deps: Deps): Promise<JobResult> {
  const input = ctx.inputs as DownloadCheckInOutInputs;
  const repo = new CheckInOutRepo(deps.db.kysely, deps.db.dialect);
  const row = await runInstance(repo, ctx.accountId, input.serviceId);
  const zone = await deps.accountZone(ctx.accountId);
  let rows = 0;
  const onRows = (k: number) => {
    rows = k;
    ctx.progress(k, null, `${n(k)} rows written`);
  };
  const roster = input.what === 'roster';
  const header = roster ? ['Value', 'State', `Since (${zone})`, 'By', 'Moves'] : ['Scan ID', 'Value', 'Direction', 'Result', 'Response', 'Checklist', 'Reason', 'User', 'Device', 'Capture', `Time (${zone})`];
  const batches = roster ? rosterRows(repo, ctx.accountId, row.id, zone, onRows, ctx.signal) : movementRows(repo, ctx.accountId, row.id, periodBounds(input.period, zone), zone, onRows, ctx.signal);
  const stream = fileStream(input.format, roster ? 'Roster' : 'Movements', header, batches);
  const file = await ctx.saveStream(`${slug(row.name)}-${input.what}.${input.format}`, exportContentTypes[input.format], stream);
  ctx.progress(rows, rows, `${n(rows)} rows written`);
  return { file, summary: roster ? `${n(rows)} value${rows === 1 ? '' : 's'} of ${row.name} exported.` : `${n(rows)} movement${rows === 1 ? '' : 's'} of ${row.name} exported.` };
}

const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO time with an offset, or the account's local `yyyy-MM-dd HH:mm[:ss]`, as UTC ISO (undefined when unreadable). */
export function importTime(text: string, zone: string): string | undefined {
  const m = TIME.exec(text.trim());
  if (!m || !isDate(m[1]!)) return undefined;
  const [hh, mm, ss] = [Number(m[2]), Number(m[3]), Number(m[4] ?? '0')];
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  if (m[6]) {
    const at = new Date(text.trim().replace(' ', 'T'));
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  return zonedToUtc(m[1]!, `${m[2]}:${m[3]}:${m[4] ?? '00'}`, zone);
}

type Movement = { line: number; value: string; key: string; direction: CheckDirection; at: string; user: string; reason: string };
type Columns = { value: number; direction: number; time: number; user: number; reason: number };
const POSITIONAL: Columns = { value: 0, direction: 1, time: 2, user: 3, reason: 4 };

function columnsOf(header: string[]): Columns | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (...options: string[]) => names.findIndex((h) => options.includes(h));
  const c = { value: find('value', 'barcode'), direction: find('direction'), time: find('time', 'scanned', 'scanned at', 'date'), user: find('user', 'username', 'app user'), reason: find('reason') };
  const missing = (['value', 'direction', 'time'] as const).filter((k) => c[k] < 0);
  return missing.length > 0 ? `The header has no ${missing.join(', ')} column (expected value, direction, time, and optionally user, reason).` : c;
}

/**
 * Import of movements, all or nothing. Pass 1 reads every row (value, direction, time, user) and refuses
 * unreadable ones; pass 2, in one transaction, locks each value's state row and replays its movements in
 * time order from its current state: a movement to the state the value is in then, or older than its
 * last movement, is refused with its line and the transaction is rolled back.
 */
async function runImport(ctx: TaskContext, deps: Deps): Promise<JobResult> {
  const input = ctx.inputs as ImportCheckInOutScansInputs;
  const repo = new CheckInOutRepo(deps.db.kysely, deps.db.dialect);
  const row = await runInstance(repo, ctx.accountId, input.serviceId);
  const settings = storedTypeSettings(checkInOutType, row.type_settings) as CheckInOutSettings;
  const zone = await deps.accountZone(ctx.accountId);
  const source = await openSource(ctx, input, deps, false);
  const rejected = rejectedRowsFile(ctx);
  const bad: { row: number; reason: string }[] = [];
  const refuse = async (line: number, reason: string, value: string) => {
    bad.push({ row: line, reason });
    await rejected.add({ row: line, reason, value });
  };
  const fail = async (rows: number) => nothingImported(jobReport({ rows, imported: 0, rejected: bad.length, rejectedRows: bad }), await rejected.finish(), 'movement was');
  try {
    const movements: Movement[] = [];
    let columns: Columns | undefined = input.hasHeader ? undefined : POSITIONAL;
    let line = 0;
    const now = Date.now();
    const { rows } = await openRows(source, (stream) => ctx.signal.addEventListener('abort', () => stream.destroy(new Error('stopped')), { once: true }));
    for await (const batch of rows) {
      for (const cells of batch) {
        line++;
        if (columns === undefined) {
          const c = columnsOf(cells);
          if (typeof c === 'string') throw new PermanentJobError(`Line 1: ${c} Nothing was imported.`);
          columns = c;
          continue;
        }
        if (cells.every((x) => x.trim() === '')) continue;
        if (movements.length + bad.length >= MAX_IMPORT_ROWS) throw new PermanentJobError(`The file has more than ${n(MAX_IMPORT_ROWS)} movements; split it. Nothing was imported.`);
        const value = (cells[columns.value] ?? '').trim();
        const dir = (cells[columns.direction] ?? '').trim().toLowerCase();
        const timeText = (cells[columns.time] ?? '').trim();
        const at = timeText === '' ? undefined : importTime(timeText, zone);
        if (value === '') await refuse(line, 'The value is empty.', value);
        else if (value.length > 4000) await refuse(line, 'The value is longer than 4,000 characters.', value.slice(0, 100));
        else if (dir !== 'in' && dir !== 'out') await refuse(line, `The direction must be in or out (found "${dir}").`, value);
        else if (at === undefined) await refuse(line, `The time "${timeText}" is not an ISO time nor yyyy-MM-dd HH:mm.`, value);
        else if (Date.parse(at) > now + 60_000) await refuse(line, `The time ${timeText} is in the future.`, value);
        else movements.push({ line, value, key: stateKey(value, row.case_sensitive), direction: dir, at, user: (cells[columns.user] ?? '').trim(), reason: (cells[columns.reason] ?? '').trim().slice(0, 500) });
      }
      ctx.progress(line, null, `Checking rows: ${n(line)} read`);
    }
    const total = movements.length + bad.length;
    // Users named by the rows must be app users of the account.
    const users = await repo.appUsersNamed(ctx.accountId, [...new Set(movements.filter((m) => m.user !== '').map((m) => m.user.toLowerCase()))]);
    const ready: Movement[] = [];
    for (const m of movements) {
      if (m.user !== '' && !users.has(m.user.toLowerCase())) await refuse(m.line, `No app user is named "${m.user}".`, m.value);
      else ready.push(m);
    }
    if (bad.length > 0) {
      bad.sort((a, b) => a.row - b.row);
      throw await fail(total);
    }
    if (ready.length === 0) throw new PermanentJobError('The file has no movements. Nothing was imported.');
    await ctx.log(`All ${n(ready.length)} rows are readable; replaying them against the current states.`);
    // Per value, in time order (then file order).
    ready.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.at < b.at ? -1 : a.at > b.at ? 1 : a.line - b.line));
    const receivedAt = new Date().toISOString();
    type Outcome = { conflicts: { row: number; reason: string; value: string }[]; imported: number };
    const outcome = await deps.db.kysely
      .transaction()
      .execute(async (trx): Promise<Outcome> => {
        const t = new CheckInOutRepo(trx, deps.db.dialect);
        const conflicts: Outcome['conflicts'] = [];
        let imported = 0;
        let reported = 0;
        for (let i = 0; i < ready.length; ) {
          ctx.signal.throwIfAborted();
          let j = i;
          while (j < ready.length && ready[j]!.key === ready[i]!.key) j++;
          const first = ready[i]!;
          const state = await t.lock(ctx.accountId, row.id, first.key, first.value, settings.defaultState, first.at);
          let current: CheckDirection = state.moves > 0 ? state.state : settings.defaultState;
          let since = state.moves > 0 ? state.since : null;
          for (let k = i; k < j; k++) {
            const m = ready[k]!;
            if (since !== null && m.at < since) {
              conflicts.push({ row: m.line, reason: `${m.value} moved last at ${formatInZone(since, zone)}; this movement (${formatInZone(m.at, zone)}) is older.`, value: m.value });
              break;
            }
            if (m.direction === current) {
              conflicts.push({ row: m.line, reason: `${m.value} is already ${current} at ${formatInZone(m.at, zone)}${since ? ` (since ${formatInZone(since, zone)})` : ' (never scanned)'}.`, value: m.value });
              break;
            }
            if (conflicts.length > 0) continue;
            const properties: [string, string][] = [['direction', m.direction], ['capture_type', 'import']];
            if (m.reason !== '') properties.push(['reason', m.reason]);
            const appUserId = m.user === '' ? null : users.get(m.user.toLowerCase())!;
            const scanId = await t.insertMovement(ctx.accountId, row.id, { value: m.value, response: m.direction === 'in' ? 'Checked in (imported).' : 'Checked out (imported).', at: m.at, appUserId, receivedAt, properties });
            await t.move(ctx.accountId, row.id, m.key, { value: m.value, state: m.direction, since: m.at, appUserId, scanId });
            imported++;
            current = m.direction;
            since = m.at;
          }
          i = j;
          if (imported - reported >= 500) {
            reported = imported;
            ctx.progress(imported, ready.length, `Importing: ${n(imported)} of ${n(ready.length)} movements`);
          }
        }
        // A contradiction anywhere: nothing is kept.
        if (conflicts.length > 0) throw Object.assign(new Error('conflicts'), { conflicts });
        return { conflicts, imported };
      })
      .catch((error: unknown) => {
        const c = (error as { conflicts?: Outcome['conflicts'] }).conflicts;
        if (c) return { conflicts: c, imported: 0 };
        throw error;
      });
    if (outcome.conflicts.length > 0) {
      outcome.conflicts.sort((a, b) => a.row - b.row);
      for (const c of outcome.conflicts) await refuse(c.row, c.reason, c.value);
      throw await fail(total);
    }
    await deps.bus.publish({ accountId: ctx.accountId, topic: CHECKINOUT_TOPIC, id: row.id });
    ctx.progress(outcome.imported, outcome.imported, `${n(outcome.imported)} movements imported`);
    const file = await rejected.finish();
    return { summary: `${n(outcome.imported)} movements imported into ${row.name} (from ${source.label}).`, report: jobReport({ rows: total, imported: outcome.imported, rejected: 0, rejectedRows: [] }), ...(file ? { file } : {}) };
  } catch (error) {
    rejected.abort();
    throw error;
  } finally {
    await source.close();
  }
}

/** The task types of check in/out: `downloadcheckinout` (roster or movements, CSV/XLSX) and `importcheckinoutscans` (movements from a CSV, all or nothing). */
export function registerCheckInOutTasks(catalogue: TaskCatalogue, deps: Deps): void {
  catalogue.register('downloadcheckinout', { inputs: downloadCheckInOutInputs, check: checkInstance(deps), run: (ctx) => runDownload(ctx, deps) } satisfies TaskHandler);
  catalogue.register('importcheckinoutscans', { inputs: importCheckInOutScansInputs, check: checkInstance(deps), run: (ctx) => runImport(ctx, deps) } satisfies TaskHandler);
}
