import { id } from '@scanbase/contracts/common';
import { exportScanInputs } from '@scanbase/contracts/scan-data';
import { bulkScanRemovalInputs, downloadScanInputs, postbackTaskInputs } from '@scanbase/contracts/scan-tasks';
import { downloadCheckInOutInputs, importCheckInOutScansInputs, importDatabaseInputs, importUserInputs, type TaskType } from '@scanbase/contracts/tasks';
import { z } from 'zod';
import { zodIssues, type Issue } from '../../ui/form-issues';
import { exportIssuePath, exportScanForm, exportScanInputsOf } from './export-scan-inputs';

// The inputs of every task type except generatebarcode (whose inputs are the label form of
// features/barcodes/label-form.ts): form values <-> the `inputs` object of a task, checked with the
// same schemas the server checks (contracts, or the server's own for the scan-configuration types).

export type ScanResult = 'valid' | 'invalid' | 'notValidated';
export type PeriodMetric = 'hour' | 'day' | 'week' | 'month';
/** An uploaded source file (from `tasks/upload-source`, or the name a stored task keeps). */
export type SourceFile = { fileId: string; name: string; size: number | null };

/** Column choices as text: the 0-based column index, or '' for "not in the file". */
export type DatabaseColumns = { value: string; response: string; validity: string };
export type UserColumns = { username: string; password: string; deviceLimit: string; services: string };

/** Every input field of the task form; each type uses some of them (numbers stay text until checked). */
export type InputsFormValues = {
  /** downloaddatabase, clearDatabase, importdatabase: the database id as text ('' = none chosen). */
  databaseId: string;
  /** importdatabase, importuser: an uploaded file or a URL fetched at each run. */
  source: 'file' | 'url';
  file: SourceFile | null;
  /** The import's URL, or the postback task's URL. */
  url: string;
  hasHeader: boolean;
  trimValue: boolean;
  onError: 'skip' | 'abort';
  /** importdatabase: Scanbase's own layout (A value, B response, C validity) or chosen columns. */
  layout: 'standard' | 'columns';
  databaseColumns: DatabaseColumns;
  userColumns: UserColumns;
  /** downloadscan, bulkscanremoval, postback, exportscan: no service = every service; every result ticked = every result. */
  serviceIds: number[];
  results: ScanResult[];
  /** `custom`: exportscan only, a date range set in the scan search (kept in `keptInputs`). */
  periodKind: 'all' | 'last' | 'sinceLastRun' | 'custom' | 'range';
  periodNumber: string;
  periodMetric: PeriodMetric;
  format: 'csv' | 'xlsx' | 'json';
  olderThanDays: string;
  /** exportscan: the export template's id as text ('' = the default columns). */
  templateId: string;
  /** exportscan: scans of a table-builder service also carry their row's current cells. */
  tableColumns: boolean;
  /** exportscan: stored inputs the form does not show (other search filters, picked scans), sent back unchanged. */
  keptInputs: Record<string, unknown>;
  /** downloadcheckinout, importcheckinoutscans: the check in/out instance (service id) as text ('' = none chosen). */
  instanceId: string;
  /** downloadcheckinout: the roster (current states) or the movements of a period. */
  what: 'roster' | 'movements';
  /** downloadcheckinout with periodKind `range`: local dates `YYYY-MM-DD`, both included. */
  periodFrom: string;
  periodTo: string;
};

export const scanResults: readonly { id: ScanResult; label: string }[] = [
  { id: 'valid', label: 'Valid' },
  { id: 'invalid', label: 'Invalid' },
  { id: 'notValidated', label: 'Not validated' },
];

export const periodMetrics: readonly { id: PeriodMetric; one: string; many: string }[] = [
  { id: 'hour', one: 'hour', many: 'hours' },
  { id: 'day', one: 'day', many: 'days' },
  { id: 'week', one: 'week', many: 'weeks' },
  { id: 'month', one: 'month', many: 'months' },
];

/** The server's input schemas of the scan-configuration task types (apps/server/src/modules/tasks/scan-config.tasks.ts). */
const databaseTaskInputs = z.object({ databaseId: id });
const noInputs = z.object({});

const schemas: Partial<Record<TaskType, z.ZodType>> = {
  downloaddatabase: databaseTaskInputs,
  clearDatabase: databaseTaskInputs,
  downloaddevices: noInputs,
  exportuser: noInputs,
  importdatabase: importDatabaseInputs,
  importuser: importUserInputs,
  downloadscan: downloadScanInputs,
  bulkscanremoval: bulkScanRemovalInputs,
  postback: postbackTaskInputs,
  exportscan: exportScanInputs,
  downloadcheckinout: downloadCheckInOutInputs,
  importcheckinoutscans: importCheckInOutScansInputs,
};

/** Task types whose inputs the web app has a form for (generatebarcode: the label inputs). */
export const typesWithInputForm: readonly TaskType[] = ['generatebarcode', ...(Object.keys(schemas) as TaskType[])];

/** Types whose runs delete data: their forms warn, and a new one does not run at once by default. */
export const destructiveTypes: readonly TaskType[] = ['clearDatabase', 'bulkscanremoval'];

export type InputsKind = 'labels' | 'database' | 'import' | 'scans' | 'checkinout' | 'none';

/** Which inputs component a type uses. */
export function inputsKind(type: TaskType): InputsKind | null {
  switch (type) {
    case 'generatebarcode':
      return 'labels';
    case 'downloaddatabase':
    case 'clearDatabase':
      return 'database';
    case 'importdatabase':
    case 'importuser':
      return 'import';
    case 'downloadscan':
    case 'bulkscanremoval':
    case 'postback':
    case 'exportscan':
      return 'scans';
    case 'downloaddevices':
    case 'exportuser':
      return 'none';
    case 'downloadcheckinout':
    case 'importcheckinoutscans':
      return 'checkinout';
    default:
      return null;
  }
}

/** The title and one-line hint of the inputs card of each type, and an example task name. */
export function inputsSection(type: TaskType): { title: string; hint?: string; example: string } {
  switch (type) {
    case 'generatebarcode':
      return { title: 'Labels', hint: 'Each run makes a PDF label sheet from these values.', example: 'Nightly badge sheet' };
    case 'downloaddatabase':
      return { title: 'Database', hint: 'Each run makes a CSV file of the database’s values.', example: 'Daily copy of the ticket list' };
    case 'clearDatabase':
      return { title: 'Database', hint: 'Each run removes every value of this database.', example: 'Empty the ticket list before the nightly import' };
    case 'importdatabase':
      return { title: 'Import', hint: 'Each run reads the file and adds its rows as values of the database.', example: 'Nightly ticket import' };
    case 'importuser':
      return { title: 'Import', hint: 'Each run creates one app user per row of the file.', example: 'New staff accounts' };
    case 'downloadscan':
      return { title: 'Scans', hint: 'Each run makes a file of the scans these filters select.', example: 'Weekly scan report' };
    case 'bulkscanremoval':
      return { title: 'Scans to remove', hint: 'Each run deletes the scans these filters select.', example: 'Remove scans after 90 days' };
    case 'postback':
      return { title: 'Scans to send', hint: 'Each run posts the scans these filters select to your server.', example: 'Hourly scans to the ERP' };
    case 'exportscan':
      return { title: 'Scans and layout', hint: 'Each run makes a file of the scans these filters select, with the columns of the chosen template.', example: 'Weekly export for accounting' };
    case 'downloaddevices':
      return { title: 'What it exports', example: 'Monthly device list' };
    case 'downloadcheckinout':
      return { title: 'Check in/out', hint: 'Each run makes a file of who or what is in and out, or of the movements of a period.', example: 'Nightly roster of the front desk' };
    case 'importcheckinoutscans':
      return { title: 'Import', hint: 'Each run reads the file and records its movements; one bad row and nothing is recorded.', example: 'Paper sign-in sheet' };
    case 'exportuser':
      return { title: 'What it exports', example: 'Weekly app-user list' };
    default:
      return { title: 'Settings', example: 'Nightly export' };
  }
}

const allResults: ScanResult[] = ['valid', 'invalid', 'notValidated'];

const baseInputs: InputsFormValues = {
  databaseId: '',
  source: 'file',
  file: null,
  url: '',
  hasHeader: false,
  trimValue: true,
  onError: 'skip',
  layout: 'standard',
  databaseColumns: { value: '0', response: '1', validity: '2' },
  userColumns: { username: '0', password: '1', deviceLimit: '2', services: '3' },
  serviceIds: [],
  results: allResults,
  periodKind: 'all',
  periodNumber: '7',
  periodMetric: 'day',
  format: 'csv',
  olderThanDays: '90',
  tableColumns: true,
  templateId: '',
  keptInputs: {},
  instanceId: '',
  what: 'roster',
  periodFrom: '',
  periodTo: '',
};

/** A new task's inputs: the schemas' defaults (an app-user import is all or nothing with a header row; a postback sends what is new). */
export function defaultInputsForm(type?: TaskType): InputsFormValues {
  switch (type) {
    case 'importuser':
      return { ...baseInputs, hasHeader: true, onError: 'abort' };
    case 'postback':
      return { ...baseInputs, periodKind: 'sinceLastRun' };
    case 'importcheckinoutscans':
      return { ...baseInputs, hasHeader: true };
    default:
      return { ...baseInputs };
  }
}

const text = (value: unknown, fallback: string): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : fallback);
const column = (value: unknown): string => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : '');
const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** The form of a stored task's inputs (edit screen); anything missing or unknown keeps the type's default. */
export function inputsFormFromTask(type: TaskType, inputs: Record<string, unknown>): InputsFormValues {
  const form = defaultInputsForm(type);
  if (type === 'exportscan') return exportScanForm(form, inputs);
  if (inputs.databaseId !== undefined) form.databaseId = text(inputs.databaseId, '');
  if (typeof inputs.fileId === 'string') {
    form.source = 'file';
    form.file = { fileId: inputs.fileId, name: typeof inputs.fileName === 'string' && inputs.fileName !== '' ? inputs.fileName : 'the uploaded file', size: null };
  } else if (typeof inputs.url === 'string') {
    form.source = 'url';
    form.url = inputs.url;
  }
  if (typeof inputs.hasHeader === 'boolean') form.hasHeader = inputs.hasHeader;
  if (typeof inputs.trimValue === 'boolean') form.trimValue = inputs.trimValue;
  if (inputs.onError === 'skip' || inputs.onError === 'abort') form.onError = inputs.onError;
  const columns = record(inputs.columns);
  if (type === 'importdatabase' && columns) {
    form.layout = 'columns';
    form.databaseColumns = { value: column(columns.value) || '0', response: column(columns.response), validity: column(columns.validity) };
  }
  if (type === 'importuser' && columns) {
    form.userColumns = { username: column(columns.username) || '0', password: column(columns.password), deviceLimit: column(columns.deviceLimit), services: column(columns.services) };
  }
  if (Array.isArray(inputs.serviceIds)) form.serviceIds = inputs.serviceIds.filter((value): value is number => typeof value === 'number' && Number.isInteger(value));
  if (Array.isArray(inputs.result)) {
    const chosen = allResults.filter((result) => (inputs.result as unknown[]).includes(result));
    form.results = chosen.length === 0 ? allResults : chosen;
  }
  const period = record(inputs.period);
  if (period?.kind === 'all' || period?.kind === 'sinceLastRun') form.periodKind = period.kind;
  if (period?.kind === 'last') {
    form.periodKind = 'last';
    form.periodNumber = text(period.number, form.periodNumber);
    if (periodMetrics.some((m) => m.id === period.metric)) form.periodMetric = period.metric as PeriodMetric;
  }
  if (inputs.format === 'csv' || inputs.format === 'xlsx' || inputs.format === 'json') form.format = inputs.format;
  if (inputs.olderThanDays !== undefined) form.olderThanDays = text(inputs.olderThanDays, form.olderThanDays);
  if (type === 'postback' && typeof inputs.url === 'string') form.url = inputs.url;
  if (type === 'downloadcheckinout' || type === 'importcheckinoutscans') {
    form.instanceId = text(inputs.serviceId, '');
    if (inputs.what === 'roster' || inputs.what === 'movements') form.what = inputs.what;
    if (period?.kind === 'range') {
      form.periodKind = 'range';
      form.periodFrom = text(period.from, '');
      form.periodTo = text(period.to, '');
    }
  }
  return form;
}

const num = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value.trim()));
const columnOrNull = (value: string): number | null => (value === '' ? null : Number(value));

/** Column A, B, … AA of a 0-based index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function source(form: InputsFormValues): Record<string, unknown> {
  if (form.source === 'url') return { url: form.url.trim() };
  return form.file ? { fileId: form.file.fileId, fileName: form.file.name } : {};
}

function period(form: InputsFormValues): Record<string, unknown> {
  if (form.periodKind === 'range') return { kind: 'range', from: form.periodFrom, to: form.periodTo };
  if (form.periodKind === 'last') return { kind: 'last', metric: form.periodMetric, number: num(form.periodNumber) };
  return { kind: form.periodKind };
}

/** The results to send: every result ticked means no filter (`[]`). */
function results(form: InputsFormValues): ScanResult[] {
  return allResults.every((result) => form.results.includes(result)) ? [] : allResults.filter((result) => form.results.includes(result));
}

/** The `inputs` object the form describes, before validation. */
export function inputsFromForm(type: TaskType, form: InputsFormValues): Record<string, unknown> {
  switch (type) {
    case 'downloaddatabase':
    case 'clearDatabase':
      return { databaseId: num(form.databaseId) };
    case 'importdatabase': {
      const c = form.databaseColumns;
      const columns = form.layout === 'columns' ? { columns: { value: columnOrNull(c.value), response: columnOrNull(c.response), validity: columnOrNull(c.validity) } } : {};
      return { databaseId: num(form.databaseId), ...source(form), trimValue: form.trimValue, hasHeader: form.hasHeader, onError: form.onError, ...columns };
    }
    case 'importuser': {
      const c = form.userColumns;
      return { ...source(form), hasHeader: form.hasHeader, onError: form.onError, columns: { username: columnOrNull(c.username), password: columnOrNull(c.password), deviceLimit: columnOrNull(c.deviceLimit), services: columnOrNull(c.services) } };
    }
    case 'downloadscan':
      return { serviceIds: form.serviceIds, result: results(form), period: period(form), format: form.format };
    case 'bulkscanremoval':
      return { serviceIds: form.serviceIds, result: results(form), olderThanDays: num(form.olderThanDays) };
    case 'postback':
      return { serviceIds: form.serviceIds, url: form.url.trim(), period: period(form) };
    case 'exportscan':
      return exportScanInputsOf(form);
    case 'downloadcheckinout':
      return { serviceId: num(form.instanceId), what: form.what, period: form.what === 'movements' ? period(form) : { kind: 'all' }, format: form.format === 'json' ? 'csv' : form.format };
    case 'importcheckinoutscans':
      return { serviceId: num(form.instanceId), ...source(form), hasHeader: form.hasHeader };
    default:
      return {};
  }
}

const wholeIn = (value: string, min: number, max: number): boolean => {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max;
};

/** Plain-language checks that come before the schema's own (placeIssues keeps the first message of a field). */
function precheck(type: TaskType, form: InputsFormValues): Issue[] {
  const issues: Issue[] = [];
  const kind = inputsKind(type);
  if ((kind === 'database' || type === 'importdatabase') && form.databaseId === '') issues.push({ path: 'databaseId', message: 'Choose a database' });
  if (kind === 'checkinout') {
    if (form.instanceId === '') issues.push({ path: 'serviceId', message: 'Choose a check in/out service' });
    if (type === 'downloadcheckinout' && form.what === 'movements') {
      if (form.periodKind === 'last' && !wholeIn(form.periodNumber, 1, 10_000)) issues.push({ path: 'period.number', message: 'Enter a whole number from 1 to 10,000' });
      if (form.periodKind === 'range' && form.periodFrom === '') issues.push({ path: 'period.from', message: 'Choose the first day' });
      if (form.periodKind === 'range' && form.periodTo === '') issues.push({ path: 'period.to', message: 'Choose the last day' });
    }
  }
  if (kind === 'import' || type === 'importcheckinoutscans') {
    if (form.source === 'file' && !form.file) issues.push({ path: 'fileId', message: 'Choose the CSV or XLSX file to import' });
    if (form.source === 'url' && form.url.trim() === '') issues.push({ path: 'url', message: 'Enter the address of the file, starting with https://' });
    else if (form.source === 'url' && !/^https?:\/\/[^\s/]+/i.test(form.url.trim())) issues.push({ path: 'url', message: 'Use a full http:// or https:// address' });
    const chosen: [string, string][] =
      type === 'importdatabase'
        ? form.layout === 'columns'
          ? Object.entries(form.databaseColumns)
          : []
        : type === 'importuser' ? Object.entries(form.userColumns) : [];
    const seen = new Map<string, string>();
    for (const [key, value] of chosen) {
      if (value === '') continue;
      const first = seen.get(value);
      if (first) issues.push({ path: `columns.${key}`, message: `Column ${columnName(Number(value))} is already used for ${columnLabels[first] ?? first}` });
      else seen.set(value, key);
    }
  }
  if (kind === 'scans') {
    if (form.results.length === 0) issues.push({ path: 'result', message: 'Tick at least one result' });
    if (type !== 'bulkscanremoval' && form.periodKind === 'last' && !wholeIn(form.periodNumber, 1, 10_000)) issues.push({ path: 'period.number', message: 'Enter a whole number from 1 to 10,000' });
    if (type === 'bulkscanremoval') {
      if (form.olderThanDays.trim() === '') issues.push({ path: 'olderThanDays', message: 'Enter a number of days' });
      else if (!Number.isInteger(num(form.olderThanDays))) issues.push({ path: 'olderThanDays', message: 'Enter a whole number of days' });
      else if ((num(form.olderThanDays) ?? 0) > 36_500) issues.push({ path: 'olderThanDays', message: 'At most 36,500 days (100 years)' });
    }
    if (type === 'postback' && form.url.trim() === '') issues.push({ path: 'url', message: 'Enter the address of your server, starting with https://' });
  }
  return issues;
}

/** What each column choice is called on the form (for messages naming the other use of a column). */
export const columnLabels: Record<string, string> = {
  value: 'the value',
  response: 'the response',
  validity: 'valid / invalid',
  username: 'the username',
  password: 'the password',
  deviceLimit: 'the device limit',
  services: 'the services',
};

/** Field keys of the inputs, as the schemas' paths name them (the task form prefixes them with `inputs.`). */
export const inputFieldKeys = [
  'databaseId',
  'url',
  'fileId',
  'hasHeader',
  'trimValue',
  'onError',
  'columns.value',
  'columns.response',
  'columns.validity',
  'columns.username',
  'columns.password',
  'columns.deviceLimit',
  'columns.services',
  'columns',
  'serviceIds',
  'result',
  'period.number',
  'period.metric',
  'period',
  'format',
  'olderThanDays',
  'templateId',
  'filters.serviceIds',
  'filters.result',
  'filters.pNumber',
  'filters.pMetric',
  'filters',
  'serviceId',
  'what',
  'period.from',
  'period.to',
] as const;

/** The issue keys a change of these form fields makes obsolete (their messages disappear as people fix them). */
export function touchedInputKeys(fields: readonly string[]): string[] {
  return fields.flatMap((field) => {
    switch (field) {
      case 'source':
      case 'file':
        return ['url', 'fileId'];
      case 'instanceId':
        return ['serviceId'];
      case 'periodFrom':
      case 'periodTo':
        return ['period', 'period.from', 'period.to'];
      case 'databaseColumns':
      case 'userColumns':
      case 'layout':
        return ['columns'];
      case 'serviceIds':
        return ['serviceIds', 'filters.serviceIds'];
      case 'results':
        return ['result', 'filters.result'];
      case 'periodKind':
      case 'periodNumber':
      case 'periodMetric':
        return ['period', 'filters.period', 'filters.pNumber', 'filters.pMetric'];
      default:
        return [field];
    }
  });
}

export type CheckedInputs = { inputs: Record<string, unknown>; issues: Issue[] };

/**
 * The `inputs` of a task of this type, checked with the server's schema for the type; issue paths
 * are relative to `inputs` (`databaseId`, `columns.response`, `period.number`).
 */
export function checkInputs(type: TaskType, form: InputsFormValues): CheckedInputs {
  const schema = schemas[type];
  if (!schema) return { inputs: {}, issues: [] };
  const raw = inputsFromForm(type, form);
  const issues = precheck(type, form);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const named = issues.map((issue) => issue.path);
    for (const issue of zodIssues(parsed.error.issues).map((i) => (type === 'exportscan' ? { ...i, path: exportIssuePath(i.path) } : i))) {
      // A field the prechecks already explained keeps that one message.
      if (named.some((path) => issue.path === path || issue.path.startsWith(`${path}.`))) continue;
      // With a file source the schema's "one of the two" lands on `url`; the precheck already named the file.
      if (issue.path === 'url' && form.source === 'file' && (inputsKind(type) === 'import' || type === 'importcheckinoutscans')) continue;
      issues.push(issue);
    }
  }
  if (issues.length > 0) return { inputs: {}, issues };
  // exportscan sends what the form holds: the schema's defaults would fill in every search filter.
  return { inputs: parsed.success && type !== 'exportscan' ? (parsed.data as Record<string, unknown>) : raw, issues: [] };
}
