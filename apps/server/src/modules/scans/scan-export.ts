import { Readable } from 'node:stream';
import type { ExportColumn, ExportField } from '@scanbase/contracts';
import { safeCell } from '../../platform/csv/csv-file.js';
import { jsonPairs } from '../../platform/db/dialect.js';
import { xlsxStream } from '../../platform/xlsx/xlsx-stream.js';
import { dateFormatter } from './export-dates.js';
import type { ScanFilter } from './scan-filter.js';
import type { ExportScanRow, ScansRepo } from './scans.repo.js';
import { legacyUtc, statusWord } from './validation-rules.js';

export type ExportFormat = 'csv' | 'xlsx' | 'json';

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

/** The header each scan field gets unless a template renames it (the template screen offers these). */
export const fieldHeaders: Record<ExportField, string> = {
  id: 'Scan ID',
  service: 'Service',
  serviceId: 'Service ID',
  user: 'User',
  userId: 'User ID',
  device: 'Device',
  deviceId: 'Device ID',
  value: 'Barcode',
  status: 'Status',
  response: 'Response',
  scannedAt: 'Scanned',
  receivedAt: 'Received',
  modifiedAt: 'Modified',
  uploadId: 'Upload ID',
};

/** A template ready to run: `timeZone` is an IANA zone (a template's `account` already replaced). */
export type ExportLayout = { columns: ExportColumn[]; dateFormat: string; timeZone: string; rowPer: 'scan' | 'answer' };

type Cell = string | number;

/**
 * Columns another module adds after an export's own (the table builder's current cells): their headers, and per
 * batch of scans a reader of each scan's cells, read with one query per batch so memory stays flat.
 */
export type ExtraColumns = {
  header: string[];
  forBatch(batch: ExportScanRow[]): Promise<(r: ExportScanRow) => readonly Cell[]>;
};
type Reader = (r: ExportScanRow) => Cell;
/** Names of the services, users and devices met so far in one export. */
type Names = { services: Map<number, string>; users: Map<number, string>; devices: Map<number, string> };

/** Several answers to one question in one cell (as the legacy postback joins them). */
const ANSWER_JOIN = '|^|';

/** How every column of an export is filled, decided once before the first scan. */
type Plan = {
  header: string[];
  /** Per column: what kind, and for questions and properties the slot their values are gathered in. */
  kinds: Uint8Array;
  readers: (Reader | undefined)[];
  slots: Int32Array;
  questionSlots: Map<number, number>;
  propertySlots: Map<string, number>;
  questionCount: number;
  propertyCount: number;
  rowPerAnswer: boolean;
  names: Names;
  /** Only these answers and properties are read (undefined: all of them, as the default columns use every one). */
  questionFilter: number[] | undefined;
  propertyFilter: string[] | undefined;
  extra: ExtraColumns | undefined;
};

const FIELD = 0;
const QUESTION = 1;
const PROPERTY = 2;

function fieldReader(field: ExportField, time: (iso: string) => string, names: Names): Reader {
  switch (field) {
    case 'id': return (r) => r.id;
    case 'service': return (r) => names.services.get(r.service_id) ?? '';
    case 'serviceId': return (r) => r.service_id;
    case 'user': return (r) => (r.app_user_id === null ? '' : (names.users.get(r.app_user_id) ?? ''));
    case 'userId': return (r) => r.app_user_id ?? '';
    case 'device': return (r) => (r.device_id === null ? '' : (names.devices.get(r.device_id) ?? ''));
    case 'deviceId': return (r) => r.device_id ?? '';
    case 'value': return (r) => r.value;
    case 'status': return (r) => statusWord(r.status);
    case 'response': return (r) => r.response;
    case 'scannedAt': return (r) => time(r.scanned_at);
    case 'receivedAt': return (r) => time(r.received_at);
    case 'modifiedAt': return (r) => time(r.modified_at);
    case 'uploadId': return (r) => r.upload_id ?? '';
  }
}

/** The plan of a column list; the same question or property may appear in several columns. */
function planOf(columns: ExportColumn[], time: (iso: string) => string, rowPerAnswer: boolean, readAll: boolean): Plan {
  const n = columns.length;
  const names: Names = { services: new Map(), users: new Map(), devices: new Map() };
  const plan: Plan = { header: [], kinds: new Uint8Array(n), readers: new Array<Reader | undefined>(n), slots: new Int32Array(n).fill(-1), questionSlots: new Map(), propertySlots: new Map(), questionCount: 0, propertyCount: 0, rowPerAnswer, names, questionFilter: undefined, propertyFilter: undefined, extra: undefined };
  columns.forEach((c, i) => {
    plan.header.push(c.header);
    if (c.kind === 'field') {
      plan.kinds[i] = FIELD;
      plan.readers[i] = fieldReader(c.field, time, names);
    } else if (c.kind === 'question') {
      plan.kinds[i] = QUESTION;
      let slot = plan.questionSlots.get(c.questionId);
      if (slot === undefined) plan.questionSlots.set(c.questionId, (slot = plan.questionCount++));
      plan.slots[i] = slot;
    } else {
      plan.kinds[i] = PROPERTY;
      let slot = plan.propertySlots.get(c.name);
      if (slot === undefined) plan.propertySlots.set(c.name, (slot = plan.propertyCount++));
      plan.slots[i] = slot;
    }
  });
  if (!readAll) {
    plan.questionFilter = [...plan.questionSlots.keys()];
    plan.propertyFilter = [...plan.propertySlots.keys()];
  }
  return plan;
}

const DEFAULT_FIELDS: [ExportField, string][] = [
  ['id', 'Scan ID'], ['service', 'Service'], ['user', 'User'], ['device', 'Device'], ['value', 'Barcode'], ['status', 'Status'], ['response', 'Response'],
  ['scannedAt', 'Scanned (UTC)'], ['receivedAt', 'Received (UTC)'], ['modifiedAt', 'Modified (UTC)'], ['uploadId', 'Upload ID'],
];

/** Without a template: the scan's fields (UTC times), then one column per question answered and one per property used. */
async function defaultPlan(repo: ScansRepo, accountId: number, filter: ScanFilter): Promise<Plan> {
  const cols = await repo.columnsOf(accountId, filter);
  const columns: ExportColumn[] = [
    ...DEFAULT_FIELDS.map(([field, header]): ExportColumn => ({ kind: 'field', field, header })),
    ...cols.questions.map((q): ExportColumn => ({ kind: 'question', questionId: q.question_id, header: q.question_text })),
    ...cols.properties.map((name): ExportColumn => ({ kind: 'property', name, header: name })),
  ];
  return planOf(columns, legacyUtc, false, true);
}

/**
 * The rows of one batch. Each scan brings its answers (by question and position) and properties (by name)
 * as JSON pairs read in the same query (`ScansRepo.exportBatches`): no lookups, and nothing allocated per
 * scan beyond its row and its pairs.
 */
function batchRows(plan: Plan, batch: ExportScanRow[], out: Cell[][], extra?: (r: ExportScanRow) => readonly Cell[]): void {
  const n = plan.kinds.length;
  const answered: string[][] = Array.from({ length: plan.questionCount }, () => []);
  const props: string[] = new Array<string>(plan.propertyCount).fill('');
  for (const r of batch) {
    for (const list of answered) list.length = 0;
    let most = 1;
    if (plan.questionCount > 0) {
      for (const [questionId, answer] of jsonPairs<number, string>(r.answers)) {
        const slot = plan.questionSlots.get(questionId);
        if (slot === undefined) continue;
        const list = answered[slot]!;
        list.push(answer);
        if (list.length > most) most = list.length;
      }
    }
    if (plan.propertyCount > 0) {
      props.fill('');
      for (const [name, value] of jsonPairs<string, string>(r.properties)) {
        const slot = plan.propertySlots.get(name);
        if (slot !== undefined) props[slot] = value;
      }
    }
    const rows = plan.rowPerAnswer ? most : 1;
    const first: Cell[] = new Array<Cell>(n);
    for (let i = 0; i < n; i++) {
      const kind = plan.kinds[i];
      if (kind === FIELD) first[i] = plan.readers[i]!(r);
      else if (kind === PROPERTY) first[i] = props[plan.slots[i]!]!;
      else {
        const list = answered[plan.slots[i]!]!;
        first[i] = list.length === 0 ? '' : list.length === 1 || plan.rowPerAnswer ? list[0]! : list.join(ANSWER_JOIN);
      }
    }
    if (extra) for (const cell of extra(r)) first.push(cell);
    out.push(first);
    // One row per answer position: the scan's other cells repeat, a question with one answer keeps it on every row.
    for (let k = 1; k < rows; k++) {
      const row = first.slice();
      for (let i = 0; i < n; i++) {
        if (plan.kinds[i] !== QUESTION) continue;
        const list = answered[plan.slots[i]!]!;
        if (list.length > 1) row[i] = list[k] ?? '';
      }
      out.push(row);
    }
  }
}

/** Reads the names of services, users and devices of a batch that this export has not met yet. */
async function learnNames(repo: ScansRepo, accountId: number, names: Names, batch: ExportScanRow[]): Promise<void> {
  const services = new Set<number>();
  const users = new Set<number>();
  const devices = new Set<number>();
  for (const r of batch) {
    if (!names.services.has(r.service_id)) services.add(r.service_id);
    if (r.app_user_id !== null && !names.users.has(r.app_user_id)) users.add(r.app_user_id);
    if (r.device_id !== null && !names.devices.has(r.device_id)) devices.add(r.device_id);
  }
  if (services.size + users.size + devices.size === 0) return;
  const found = await repo.namesOf(accountId, { services: [...services], users: [...users], devices: [...devices] });
  // Ids not found are remembered too (as blank), so they are not asked for again.
  for (const id of services) names.services.set(id, '');
  for (const id of users) names.users.set(id, '');
  for (const id of devices) names.devices.set(id, '');
  for (const s of found.services) names.services.set(s.id, s.name);
  for (const u of found.users) names.users.set(u.id, u.name);
  for (const d of found.devices) names.devices.set(d.id, d.name);
}

/** The rows of matching scans, batch by batch, as arrays of cells in header order. */
async function* rowsOf(repo: ScansRepo, accountId: number, filter: ScanFilter, plan: Plan, onRows: (n: number) => void, signal: AbortSignal): AsyncGenerator<Cell[][]> {
  let done = 0;
  const include = { answers: plan.questionCount > 0 ? (plan.questionFilter ?? 'all') : undefined, properties: plan.propertyCount > 0 ? (plan.propertyFilter ?? 'all') : undefined } as const;
  for await (const batch of repo.exportBatches(accountId, filter, include)) {
    signal.throwIfAborted();
    await learnNames(repo, accountId, plan.names, batch);
    const extra = plan.extra ? await plan.extra.forBatch(batch) : undefined;
    const out: Cell[][] = [];
    batchRows(plan, batch, out, extra);
    yield out;
    done += batch.length;
    onRows(done);
  }
}

/**
 * The rows of matching scans in the given columns (one row per scan), batch by batch in id order, with the
 * header: the sheet of a scan-to-excel instance, written with the same readers as template exports.
 */
export function exportRows(repo: ScansRepo, accountId: number, filter: ScanFilter, layout: Omit<ExportLayout, 'rowPer'>, signal: AbortSignal = new AbortController().signal): { header: string[]; rows: AsyncGenerator<Cell[][]> } {
  const plan = planOf(layout.columns, dateFormatter(layout.dateFormat, layout.timeZone), false, false);
  return { header: plan.header, rows: rowsOf(repo, accountId, filter, plan, () => undefined, signal) };
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV line (CRLF), cells made safe against formula injection; the same text csvLine writes, without csv-stringify's per-call set-up. */
export function csvRow(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    let text = safeCell(cells[i]);
    if (NEEDS_QUOTES.test(text)) text = `"${text.replace(/"/g, '""')}"`;
    line += i === 0 ? text : `,${text}`;
  }
  return `${line}\r\n`;
}

/**
 * Streams the scans matching a filter as CSV (UTF-8 with BOM, formula injection neutralised), XLSX (inline
 * text cells, which spreadsheets never run as formulas; see xlsx-stream.ts) or JSON (an array of objects keyed by header). With a
 * template: its columns, headers, date format, zone and rows per answer; without one the default columns;
 * `extra` columns (a table's current cells) after them, repeated on each row of a scan.
 * `onRows` is told how many scans are written so far. Answers the byte stream; the caller stores it.
 */
export async function exportScans(repo: ScansRepo, accountId: number, filter: ScanFilter, format: ExportFormat, onRows: (n: number) => void, signal: AbortSignal, template?: ExportLayout, extra?: ExtraColumns): Promise<Readable> {
  const plan = template ? planOf(template.columns, dateFormatter(template.dateFormat, template.timeZone), template.rowPer === 'answer', false) : await defaultPlan(repo, accountId, filter);
  if (extra && extra.header.length > 0) {
    plan.extra = extra;
    plan.header.push(...extra.header);
  }
  const head = plan.header;
  const rows = rowsOf(repo, accountId, filter, plan, onRows, signal);
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield `\uFEFF${csvRow(head)}`;
        for await (const batch of rows) {
          let text = '';
          for (const cells of batch) text += csvRow(cells);
          yield text;
        }
      })(),
    );
  }
  if (format === 'json') {
    return Readable.from(
      (async function* () {
        yield '[';
        let first = true;
        for await (const batch of rows) {
          const parts: string[] = [];
          for (const cells of batch) {
            const o: Record<string, Cell> = {};
            for (let i = 0; i < head.length; i++) o[head[i]!] = cells[i]!;
            parts.push(JSON.stringify(o));
          }
          if (parts.length === 0) continue;
          yield (first ? '' : ',') + parts.join(',');
          first = false;
        }
        yield ']\n';
      })(),
    );
  }
  return xlsxStream('Scans', head, rows);
}
