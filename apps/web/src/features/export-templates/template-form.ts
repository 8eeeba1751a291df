import { dateFormatPresets, exportTemplateInput, type ExportColumn, type ExportField, type ExportTemplate, type exportColumnChoices } from '@scanbase/contracts/scan-data';
import { format } from 'date-fns';
import { z } from 'zod';

// The export template builder without React: the columns on offer and chosen, their order and
// headers, the date format with a live example in the chosen zone, and the request body.

export type ColumnChoices = z.infer<typeof exportColumnChoices.reply>;
export type ColumnGroup = 'field' | 'question' | 'property';

/** A column that can be added: what it is, how it is listed, and the header it starts with. */
export type ColumnOption = { key: string; group: ColumnGroup; label: string; column: ExportColumn };

export type TemplateForm = { name: string; columns: ExportColumn[]; dateFormat: string; timeZone: string; rowPer: 'scan' | 'answer' };

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** The same column, whatever its header: `field:value`, `question:12`, `property:gps_location`. */
export function columnKey(column: ExportColumn): string {
  switch (column.kind) {
    case 'field':
      return `field:${column.field}`;
    case 'question':
      return `question:${column.questionId}`;
    case 'property':
      return `property:${column.name}`;
  }
}

/** What the server offers, as options (fields keep its headers; questions and properties start with their text or name). */
export function columnOptions(choices: ColumnChoices): ColumnOption[] {
  return [
    ...choices.fields.map((f): ColumnOption => ({ key: `field:${f.field}`, group: 'field', label: f.header, column: { kind: 'field', field: f.field, header: f.header } })),
    ...choices.questions.map((q): ColumnOption => ({ key: `question:${q.questionId}`, group: 'question', label: q.text, column: { kind: 'question', questionId: q.questionId, header: q.text.slice(0, 200) } })),
    ...choices.properties.map((name): ColumnOption => ({ key: `property:${name}`, group: 'property', label: name, column: { kind: 'property', name, header: name } })),
  ];
}

/** The options not chosen yet. */
export function remainingOptions(options: readonly ColumnOption[], chosen: readonly ExportColumn[]): ColumnOption[] {
  const taken = new Set(chosen.map(columnKey));
  return options.filter((option) => !taken.has(option.key));
}

/** A property column typed by name (`null` when the name is empty or already chosen). */
export function propertyColumn(rawName: string, chosen: readonly ExportColumn[]): ExportColumn | null {
  const name = rawName.trim().slice(0, 100);
  if (name === '') return null;
  const column: ExportColumn = { kind: 'property', name, header: name };
  return chosen.some((c) => columnKey(c) === columnKey(column)) ? null : column;
}

/** What a chosen column is, for its row ("Scan field: value", "Question: Gate", "Property: gps_location"). */
export function columnSource(column: ExportColumn, options: readonly ColumnOption[]): string {
  const known = options.find((option) => option.key === columnKey(column));
  switch (column.kind) {
    case 'field':
      return `Scan field: ${known?.label ?? column.field}`;
    case 'question':
      return `Question: ${known?.label ?? `#${column.questionId} (not among the chosen services’ questions)`}`;
    case 'property':
      return `Property: ${column.name}`;
  }
}

/** The list with the item at `from` moved to `to` (out-of-range moves change nothing). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The usual scan columns, for a quick start. */
export const starterFields: readonly ExportField[] = ['id', 'scannedAt', 'service', 'user', 'device', 'value', 'status', 'response'];

/** A new template: no columns yet, the server's default date format, the account's zone, one row per scan. */
export function newTemplateForm(): TemplateForm {
  return { name: '', columns: [], dateFormat: DEFAULT_DATE_FORMAT, timeZone: 'account', rowPer: 'scan' };
}

/** A stored template as the form. */
export function templateToForm(template: ExportTemplate): TemplateForm {
  return { name: template.name, columns: template.columns.map((c) => ({ ...c })), dateFormat: template.dateFormat, timeZone: template.timeZone, rowPer: template.rowPer };
}

/** The wall-clock parts of an instant in a zone, and that zone's offset from UTC in minutes. */
function zoned(at: Date, timeZone: string | undefined): { local: Date; offsetMinutes: number } {
  const options: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).formatToParts(at);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offsetMinutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const local = new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'), at.getMilliseconds());
  return { local, offsetMinutes };
}

/** An offset as date-fns writes it for a token (X, XX, XXX, x…, O, OOOO, z…). */
function offsetText(token: string, minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  const letter = token[0];
  if (letter === 'O' || letter === 'z') {
    if (token.length === 4) return `GMT${sign}${hh}:${mm}`;
    return `GMT${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${mm}` : ''}`;
  }
  if (letter === 'X' && minutes === 0) return 'Z';
  if (token.length === 1) return `${sign}${hh}${abs % 60 ? mm : ''}`;
  if (token.length === 2 || token.length === 4) return `${sign}${hh}${mm}`;
  return `${sign}${hh}:${mm}`;
}

/** Splits a pattern into quoted sections (kept as they are; '' inside is a quote) and the rest. */
function sections(pattern: string): { text: string; quoted: boolean }[] {
  const out: { text: string; quoted: boolean }[] = [];
  let i = 0;
  while (i < pattern.length) {
    if (pattern[i] === "'") {
      let j = i + 1;
      while (j < pattern.length) {
        if (pattern[j] === "'" && pattern[j + 1] === "'") j += 2;
        else if (pattern[j] === "'") break;
        else j += 1;
      }
      out.push({ text: pattern.slice(i, j + 1), quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < pattern.length && pattern[j] !== "'") j += 1;
      out.push({ text: pattern.slice(i, j), quoted: false });
      i = j;
    }
  }
  return out;
}

/** The pattern with its time-zone tokens (outside quotes) replaced by the zone's offset as quoted text. */
function withOffset(pattern: string, offsetMinutes: number): string {
  return sections(pattern)
    .map((section) => (section.quoted ? section.text : section.text.replace(/X+|x+|O+|z+/g, (token) => `'${offsetText(token, offsetMinutes)}'`)))
    .join('');
}

/** Why date-fns refuses a pattern, in plain words. */
function patternProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const letter = /unescaped latin alphabet character `(.)`/.exec(message);
  if (letter) return `"${letter[1]}" is not a date letter here; put other text in single quotes, like 'at'`;
  return 'This pattern cannot be used';
}

/**
 * An instant written with a date-fns pattern in a time zone: `{ text }`, or `{ problem }` when the
 * pattern cannot be used (the server formats with the same date-fns).
 */
export function formatExample(pattern: string, at: Date, timeZone: string | undefined): { text: string } | { problem: string } {
  const trimmed = pattern.trim();
  if (trimmed === '') return { problem: 'Choose or type a date format' };
  // date-fns refuses these (after a console warning): the week-numbering year and the day of the year.
  const plain = sections(trimmed)
    .filter((section) => !section.quoted)
    .map((section) => section.text)
    .join('');
  if (plain.includes('Y')) return { problem: 'Use yyyy for the year (Y is the week-numbering year)' };
  if (plain.includes('D')) return { problem: 'Use dd for the day of the month (D is the day of the year)' };
  const { local, offsetMinutes } = zoned(at, timeZone);
  try {
    return { text: format(local, withOffset(trimmed, offsetMinutes)) };
  } catch (error) {
    return { problem: patternProblem(error) };
  }
}

/** The presets offered, then any other pattern the template already uses. */
export function formatChoices(current: string): string[] {
  const presets: string[] = [...dateFormatPresets];
  return presets.includes(current) || current.trim() === '' ? presets : [...presets, current];
}

const fieldSamples: Record<ExportField, string> = {
  id: '1042',
  service: 'Main gate',
  serviceId: '3',
  user: 'gate-1',
  userId: '5',
  device: 'Gate phone',
  deviceId: '8',
  value: 'TICKET-0042',
  status: 'Valid',
  response: 'Welcome, Ada',
  scannedAt: '',
  receivedAt: '',
  modifiedAt: '',
  uploadId: '17',
};
const timeFields: readonly ExportField[] = ['scannedAt', 'receivedAt', 'modifiedAt'];

/** An example cell of a column for the preview (times in the template's date format). */
export function sampleCell(column: ExportColumn, dateExample: string): string {
  switch (column.kind) {
    case 'field':
      return timeFields.includes(column.field) ? dateExample : fieldSamples[column.field];
    case 'question':
      return 'an answer';
    case 'property':
      return column.name === 'gps_location' ? '48.858370,2.294481' : 'a value';
  }
}

/** The form's checks: the contract's, plus a date format date-fns can use. */
export const templateFormSchema = exportTemplateInput.extend({
  dateFormat: z
    .string()
    .trim()
    .min(1, 'Choose or type a date format')
    .max(60, 'At most 60 characters')
    .superRefine((pattern, context) => {
      const example = formatExample(pattern, new Date(Date.UTC(2026, 2, 14, 8, 26, 53)), 'UTC');
      if ('problem' in example) context.addIssue({ code: 'custom', message: example.problem });
    }),
  timeZone: z.string().trim().min(1, 'Choose a time zone').max(64),
  rowPer: z.enum(['scan', 'answer']),
});

/** Where a server issue is shown: `name`, `dateFormat`, `timeZone`, `rowPer`, `columns`, or the header of column N. */
export function templateIssuePath(path: string, columnCount: number): string | null {
  if (['name', 'dateFormat', 'timeZone', 'rowPer', 'columns'].includes(path)) return path;
  const column = /^columns\.(\d+)(\.|$)/.exec(path);
  if (column && Number(column[1]) < columnCount) return `columns.${Number(column[1])}.header`;
  return null;
}
