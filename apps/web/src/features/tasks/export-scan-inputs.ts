import type { InputsFormValues, PeriodMetric, ScanResult } from './task-inputs';

// The exportscan task's inputs (contracts `exportScanInputs`: `filters` = the scan search's filters,
// `templateId`, `format`, `tableColumns`, optional `scanIds`). The form shows services, results, the period, the
// template and the format; every other filter (set from the scan search, or through the API) is kept
// as it is in `keptInputs` and sent back unchanged.

const shownFilters = ['serviceIds', 'result', 'period', 'pMetric', 'pNumber'] as const;
const dateFilters = ['startDate', 'startTime', 'endDate', 'endTime'] as const;
const allResults: ScanResult[] = ['valid', 'invalid', 'notValidated'];
const metrics: PeriodMetric[] = ['hour', 'day', 'week', 'month'];

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The form fields of stored exportscan inputs (on top of the type's defaults). */
export function exportScanForm(form: InputsFormValues, inputs: Record<string, unknown>): InputsFormValues {
  const filters = record(inputs.filters);
  const next: InputsFormValues = { ...form };
  if (Array.isArray(filters.serviceIds)) next.serviceIds = filters.serviceIds.filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
  if (Array.isArray(filters.result)) {
    const chosen = allResults.filter((result) => (filters.result as unknown[]).includes(result));
    next.results = chosen.length === 0 ? allResults : chosen;
  }
  if (filters.period === 'last') {
    next.periodKind = 'last';
    if (typeof filters.pNumber === 'number') next.periodNumber = String(filters.pNumber);
    if (metrics.includes(filters.pMetric as PeriodMetric)) next.periodMetric = filters.pMetric as PeriodMetric;
  } else if (filters.period === 'custom' || dateFilters.some((key) => filters[key] !== undefined)) {
    next.periodKind = 'custom';
  } else {
    next.periodKind = 'all';
  }
  next.templateId = typeof inputs.templateId === 'number' ? String(inputs.templateId) : '';
  if (inputs.format === 'csv' || inputs.format === 'xlsx' || inputs.format === 'json') next.format = inputs.format;
  next.tableColumns = inputs.tableColumns !== false;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) if (!['filters', 'templateId', 'format', 'tableColumns'].includes(key)) kept[key] = value;
  const otherFilters = Object.fromEntries(Object.entries(filters).filter(([key]) => !(shownFilters as readonly string[]).includes(key)));
  if (Object.keys(otherFilters).length > 0) kept.filters = otherFilters;
  next.keptInputs = kept;
  return next;
}

const num = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value.trim()));

/** The exportscan `inputs` the form describes: kept filters first, then what the form shows (dates only with a custom period). */
export function exportScanInputsOf(form: InputsFormValues): Record<string, unknown> {
  const { filters: keptFilters, ...keptRest } = form.keptInputs;
  const filters: Record<string, unknown> = { ...record(keptFilters) };
  if (form.periodKind !== 'custom') for (const key of dateFilters) delete filters[key];
  if (form.serviceIds.length > 0) filters.serviceIds = form.serviceIds;
  if (!allResults.every((result) => form.results.includes(result))) filters.result = allResults.filter((result) => form.results.includes(result));
  if (form.periodKind === 'last') {
    filters.period = 'last';
    filters.pMetric = form.periodMetric;
    filters.pNumber = num(form.periodNumber);
  } else {
    filters.period = form.periodKind === 'custom' ? 'custom' : 'all';
  }
  return { ...keptRest, filters, templateId: form.templateId === '' ? null : Number(form.templateId), format: form.format, tableColumns: form.tableColumns };
}

const labels: Record<string, string> = {
  value: 'value',
  response: 'response',
  answer: 'answer',
  propertyName: 'property',
  propertyValue: 'property',
  property: 'property value',
  userIds: 'users',
  deviceIds: 'devices',
  category: 'service type',
  recentScan: 'latest scan of each value only',
  uDeleted: 'scans of deleted users',
  sDeleted: 'scans of deleted services',
  scanIds: 'chosen scans',
};

/** The filters kept from elsewhere that narrow the export, in words ("value", "users"…), without repeats. */
export function keptFilterNames(kept: Record<string, unknown>): string[] {
  const entries = [...Object.entries(record(kept.filters)), ...(Array.isArray(kept.scanIds) && kept.scanIds.length > 0 ? [['scanIds', kept.scanIds] as const] : [])];
  const names = entries
    .filter(([key, value]) => labels[key] !== undefined && value !== undefined && value !== null && value !== '' && value !== false && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => labels[key] ?? key);
  return [...new Set(names)];
}

/** The custom date range kept from the scan search, in words ("from 2026-03-01 08:00 to 2026-03-31"), or null. */
export function keptRange(kept: Record<string, unknown>): string | null {
  const f = record(kept.filters);
  const text = (key: string) => (typeof f[key] === 'string' ? f[key] : '');
  const start = [text('startDate'), text('startTime')].filter(Boolean).join(' ');
  const end = [text('endDate'), text('endTime')].filter(Boolean).join(' ');
  if (!start && !end) return null;
  return [start ? `from ${start}` : '', end ? `to ${end}` : ''].filter(Boolean).join(' ') + (text('tz') ? ` (${text('tz')})` : '');
}

/** Where a schema issue about `filters.*` is shown on the form (`serviceIds`, `result`, `period.number`…). */
export function exportIssuePath(path: string): string {
  if (path.startsWith('filters.serviceIds')) return 'serviceIds';
  if (path.startsWith('filters.result')) return 'result';
  if (path.startsWith('filters.pNumber')) return 'period.number';
  if (path.startsWith('filters.pMetric')) return 'period.metric';
  if (['filters.period', ...dateFilters.map((key) => `filters.${key}`)].some((key) => path.startsWith(key))) return 'period';
  if (path.startsWith('filters.')) return 'filters';
  return path;
}
