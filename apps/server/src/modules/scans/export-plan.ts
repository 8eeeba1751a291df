import type { ExportColumn, ExportField } from '@scanbase/contracts';
import { safeCell } from '../../platform/csv/csv-file.js';
import type { ScanFilter } from './scan-filter.js';
import { exportScan as S, ScanExportRepo, type ExportBatch, type ExportInclude, type ExportScanRow } from './scan-export.repo.js';
import type { ScansRepo } from './scans.repo.js';
import { legacyUtc, statusWord } from './validation-rules.js';

// How an export turns batches of scans into rows of cells and CSV/JSON text (scan-export.ts streams them).

/** One cell of an export row. */
export type Cell = string | number;

/**
 * Columns another module adds after an export's own (the table builder's current cells): their headers, and per
 * batch of scans a reader of each scan's cells, read with one query per batch so memory stays flat.
 */
export type ExtraColumns = {
  header: string[];
  forBatch(batch: readonly ExportScanRow[]): Promise<(r: ExportScanRow) => readonly Cell[]>;
};
type Reader = (r: ExportScanRow) => Cell;
/** Names of the services, users and devices met so far in one export. */
export type Names = { services: Map<number, string>; users: Map<number, string>; devices: Map<number, string> };

/** Several answers to one question in one cell (as the legacy postback joins them). */
const ANSWER_JOIN = '|^|';

/** How every column of an export is filled, decided once before the first scan. */
export type Plan = {
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
    case 'id': return (r) => r[S.id];
    case 'service': return (r) => names.services.get(r[S.serviceId]) ?? '';
    case 'serviceId': return (r) => r[S.serviceId];
    case 'user': return (r) => {
      const id = r[S.appUserId];
      return id === null ? '' : (names.users.get(id) ?? '');
    };
    case 'userId': return (r) => r[S.appUserId] ?? '';
    case 'device': return (r) => {
      const id = r[S.deviceId];
      return id === null ? '' : (names.devices.get(id) ?? '');
    };
    case 'deviceId': return (r) => r[S.deviceId] ?? '';
    case 'value': return (r) => r[S.value];
    case 'status': return (r) => statusWord(r[S.status]);
    case 'response': return (r) => r[S.response];
    case 'scannedAt': return (r) => time(r[S.scannedAt]);
    case 'receivedAt': return (r) => time(r[S.receivedAt]);
    case 'modifiedAt': return (r) => time(r[S.modifiedAt]);
    case 'uploadId': return (r) => r[S.uploadId] ?? '';
  }
}

/** The plan of a column list; the same question or property may appear in several columns. */
export function planOf(columns: ExportColumn[], time: (iso: string) => string, rowPerAnswer: boolean, readAll: boolean): Plan {
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
export async function defaultPlan(repo: ScansRepo, accountId: number, filter: ScanFilter): Promise<Plan> {
  const cols = await new ScanExportRepo(repo).columnsOf(accountId, filter);
  const columns: ExportColumn[] = [
    ...DEFAULT_FIELDS.map(([field, header]): ExportColumn => ({ kind: 'field', field, header })),
    ...cols.questions.map((q): ExportColumn => ({ kind: 'question', questionId: q.question_id, header: q.question_text })),
    ...cols.properties.map((name): ExportColumn => ({ kind: 'property', name, header: name })),
  ];
  return planOf(columns, legacyUtc, false, true);
}

/** Which answers and properties a plan reads with its scans. */
export function includeOf(plan: Plan): ExportInclude {
  return { answers: plan.questionCount > 0 ? (plan.questionFilter ?? 'all') : undefined, properties: plan.propertyCount > 0 ? (plan.propertyFilter ?? 'all') : undefined };
}

/**
 * The rows of one batch. The batch's answers and properties come in scan id order (`ScanExportRepo.exportBatches`),
 * so each scan takes its own by walking both lists once beside the scans: no lookups per scan, and nothing
 * allocated per scan beyond its row.
 */
export function batchRows(plan: Plan, batch: ExportBatch, out: Cell[][], extra?: (r: ExportScanRow) => readonly Cell[]): void {
  const n = plan.kinds.length;
  const answered: string[][] = Array.from({ length: plan.questionCount }, () => []);
  const props: string[] = new Array<string>(plan.propertyCount).fill('');
  const { answers, properties } = batch;
  let a = 0;
  let p = 0;
  for (const r of batch.scans) {
    const id = r[S.id];
    for (const list of answered) list.length = 0;
    let most = 1;
    // Rows of scans in the range that are not this batch's (the filter left them out) are passed over.
    while (a < answers.length && answers[a]![0] < id) a++;
    for (; a < answers.length && answers[a]![0] === id; a++) {
      const [, questionId, answer] = answers[a]!;
      const slot = plan.questionSlots.get(questionId);
      if (slot === undefined) continue;
      const list = answered[slot]!;
      list.push(answer);
      if (list.length > most) most = list.length;
    }
    if (plan.propertyCount > 0) props.fill('');
    while (p < properties.length && properties[p]![0] < id) p++;
    for (; p < properties.length && properties[p]![0] === id; p++) {
      const [, name, value] = properties[p]!;
      const slot = plan.propertySlots.get(name);
      if (slot !== undefined) props[slot] = value;
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
export async function learnNames(repo: ScansRepo, accountId: number, names: Names, batch: readonly ExportScanRow[]): Promise<void> {
  const services = new Set<number>();
  const users = new Set<number>();
  const devices = new Set<number>();
  for (const r of batch) {
    const service = r[S.serviceId];
    const user = r[S.appUserId];
    const device = r[S.deviceId];
    if (!names.services.has(service)) services.add(service);
    if (user !== null && !names.users.has(user)) users.add(user);
    if (device !== null && !names.devices.has(device)) devices.add(device);
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

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/**
 * One cell as CSV text: `safeCell`'s text (a formula start `=`, `+`, `-`, `@`, tab or CR prefixed with `'`),
 * quoted when it holds a quote, comma or line break. Text and numbers, nearly every cell, skip `safeCell`'s
 * regular expression for a look at their first character.
 */
function csvCell(value: unknown): string {
  let text: string;
  if (typeof value === 'string' || typeof value === 'number') {
    text = typeof value === 'string' ? value : String(value);
    const c = text.charCodeAt(0);
    if (c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) text = `'${text}`;
  } else {
    text = safeCell(value);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** One CSV line (CRLF), cells made safe against formula injection; the same text csvLine writes, without csv-stringify's per-call set-up. */
export function csvRow(cells: readonly unknown[]): string {
  let line = cells.length > 0 ? csvCell(cells[0]) : '';
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
}

/** The CSV text of a batch of rows. */
export function csvText(rows: readonly (readonly Cell[])[]): string {
  let text = '';
  for (const cells of rows) text += csvRow(cells);
  return text;
}

/** The JSON objects of a batch of rows keyed by header, comma-separated (empty for no rows). */
export function jsonText(head: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const parts: string[] = [];
  for (const cells of rows) {
    const o: Record<string, Cell> = {};
    for (let i = 0; i < head.length; i++) o[head[i]!] = cells[i]!;
    parts.push(JSON.stringify(o));
  }
  return parts.join(',');
}
