import type { ExportColumn, ExportField, ExportTemplate } from '@scanbase/contracts/scan-data';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { statusLabel } from './scan-format';
import type { SortBy } from './search-query';

/** One column of the scans table when an export template chooses them: its header, how it sorts, and its text per scan. */
export type TemplateTableColumn = { key: string; header: string; sortBy?: SortBy; kind: ExportColumn['kind']; field?: ExportField; text: (scan: ScanDetail) => string };

const fieldSort: Partial<Record<ExportField, SortBy>> = {
  id: 'id', service: 'service', user: 'user', device: 'device', value: 'value', status: 'status', response: 'response', scannedAt: 'scanned_at', receivedAt: 'received_at', modifiedAt: 'modified_at',
};

/** Several answers to one question in one cell, as the export joins them. */
export const ANSWER_JOIN = '|^|';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a time zone, and the zone's offset in minutes east of UTC. */
function wallClock(date: Date, timeZone: string): { y: number; M: number; d: number; H: number; m: number; s: number; offset: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = { y: get('year'), M: get('month'), d: get('day'), H: get('hour') % 24, m: get('minute'), s: get('second') };
  const asUtc = Date.UTC(wall.y, wall.M - 1, wall.d, wall.H, wall.m, wall.s);
  return { ...wall, offset: Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(offset: number, colon: boolean, z: boolean): string {
  if (offset === 0 && z) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${pad(Math.trunc(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`;
}

/**
 * An instant written with a date-fns style pattern in a time zone (the tokens the template presets use:
 * yyyy yy MMMM MMM MM M dd d HH H hh h mm ss a XXX xxx, and 'quoted text'); other letters are written as they are.
 */
export function formatWithPattern(iso: string, pattern: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let w: ReturnType<typeof wallClock>;
  try {
    w = wallClock(date, timeZone);
  } catch {
    w = wallClock(date, 'UTC');
  }
  const hour12 = w.H % 12 === 0 ? 12 : w.H % 12;
  const writers: Record<string, () => string> = {
    yyyy: () => pad(w.y, 4), yy: () => pad(w.y % 100), MMMM: () => MONTHS[w.M - 1] ?? '', MMM: () => (MONTHS[w.M - 1] ?? '').slice(0, 3), MM: () => pad(w.M), M: () => String(w.M),
    dd: () => pad(w.d), d: () => String(w.d), HH: () => pad(w.H), H: () => String(w.H), hh: () => pad(hour12), h: () => String(hour12), mm: () => pad(w.m), m: () => String(w.m),
    ss: () => pad(w.s), s: () => String(w.s), a: () => (w.H < 12 ? 'AM' : 'PM'), XXX: () => offsetText(w.offset, true, true), xxx: () => offsetText(w.offset, true, false),
    XX: () => offsetText(w.offset, false, true), xx: () => offsetText(w.offset, false, false),
  };
  return (pattern.match(/''|'(?:''|[^'])+(?:'|$)|([a-zA-Z])\1*|[^a-zA-Z']+/g) ?? [])
    .map((token) => {
      if (token === "''") return "'";
      if (token.startsWith("'")) return token.slice(1).replace(/'$/, '').replace(/''/g, "'");
      return writers[token]?.() ?? token;
    })
    .join('');
}

/** The text of one scan field, times with the template's pattern and zone. */
export function fieldText(scan: ScanDetail, field: ExportField, time: (iso: string) => string): string {
  switch (field) {
    case 'id': return String(scan.id);
    case 'service': return scan.service.name;
    case 'serviceId': return String(scan.service.id);
    case 'user': return scan.user?.name ?? '';
    case 'userId': return scan.user ? String(scan.user.id) : '';
    case 'device': return scan.device?.name ?? '';
    case 'deviceId': return scan.device ? String(scan.device.id) : '';
    case 'value': return scan.value;
    case 'status': return statusLabel(scan.status);
    case 'response': return scan.response;
    case 'scannedAt': return time(scan.scannedAt);
    case 'receivedAt': return time(scan.receivedAt);
    case 'modifiedAt': return time(scan.modifiedAt);
    case 'uploadId': return scan.uploadId === null ? '' : String(scan.uploadId);
  }
}

/** The answers of a scan to one question, joined as the export joins them. */
export function answerText(scan: ScanDetail, questionId: number): string {
  return scan.answers
    .filter((answer) => answer.questionId === questionId)
    .map((answer) => (answer.hasFile && !answer.answer ? '[image]' : answer.answer))
    .join(ANSWER_JOIN);
}

/** The table's columns for an export template (`accountZone` stands in for the template's `account` zone). */
export function templateColumns(template: Pick<ExportTemplate, 'columns' | 'dateFormat' | 'timeZone'>, accountZone: string): TemplateTableColumn[] {
  const zone = template.timeZone === 'account' ? accountZone : template.timeZone;
  const time = (iso: string) => formatWithPattern(iso, template.dateFormat, zone);
  return template.columns.map((column, index) => {
    const key = `${index}-${column.kind}`;
    if (column.kind === 'field') return { key, header: column.header, kind: column.kind, field: column.field, sortBy: fieldSort[column.field], text: (scan) => fieldText(scan, column.field, time) };
    if (column.kind === 'question') return { key, header: column.header, kind: column.kind, text: (scan) => answerText(scan, column.questionId) };
    return { key, header: column.header, kind: column.kind, text: (scan) => scan.properties[column.name] ?? '' };
  });
}

/** The questions answered on a page of scans, in first-seen order (the default table's answer columns). */
export function answeredQuestions(scans: readonly ScanDetail[]): { questionId: number; text: string }[] {
  const seen = new Map<number, string>();
  for (const scan of scans) for (const answer of scan.answers) if (!seen.has(answer.questionId)) seen.set(answer.questionId, answer.questionText);
  return [...seen].map(([questionId, text]) => ({ questionId, text }));
}
