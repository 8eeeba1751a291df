import type { ScanFilters } from '@scanbase/contracts/scan-data';
import { scanSortBy, type ScanSearchQuery, type scanSearchQuery } from '@scanbase/contracts/scanner';
import { validationMethods } from '@scanbase/contracts/services';
import type { z } from 'zod';

/*
 * The scan search screens keep every filter in the address, in the spec's snake_case names (lists
 * comma-separated, booleans 1/0), and send them to `scans/search` camel-cased and typed. This module maps
 * one onto the other, both ways, and leaves defaults out of both so addresses and bodies stay short.
 */

/** Every filter of `scans/search` with its default filled in. */
export type ScanSearch = z.output<typeof scanSearchQuery>;
/** What the screens add to the search: the export template whose columns the table shows, and the preview pane. */
export type ScreenOptions = { template?: number; preview: boolean };
/** The whole state of a search screen's address. */
export type SearchState = ScanSearch & ScreenOptions;

export type ScanResultName = NonNullable<ScanSearch['result']>[number];
export type SortBy = ScanSearch['sortBy'];
export type PeriodMetric = ScanSearch['pMetric'];

/** The defaults of `scanSearchQuery` (the contract's), plus the screen options'. */
export const defaultSearch: SearchState = {
  page: 1,
  limit: 50,
  exactValue: false,
  valueCi: true,
  exactResponse: false,
  responseCi: true,
  exactAnswer: false,
  exactProperty: false,
  recentScan: false,
  dataReceived: false,
  sortBy: 'scanned_at',
  sortOrder: 'desc',
  period: 'all',
  pMetric: 'day',
  pNumber: 7,
  uDeleted: false,
  sDeleted: false,
  preview: false,
};

/** The address's order of parameters (the spec's), so equal searches give equal addresses. */
const order = [
  'page', 'limit', 'value', 'exactValue', 'valueCi', 'response', 'responseCi', 'exactResponse', 'propertyName', 'propertyValue', 'scanIds', 'answer',
  'exactAnswer', 'recentScan', 'property', 'exactProperty', 'dataReceived', 'sortOrder', 'tz', 'period', 'pMetric', 'pNumber', 'sortBy', 'category',
  'result', 'startDate', 'startTime', 'endDate', 'endTime', 'serviceIds', 'userIds', 'deviceIds', 'uDeleted', 'sDeleted', 'template', 'preview',
] as const satisfies readonly (keyof SearchState)[];

type Key = (typeof order)[number];
type Codec<T> = { read: (text: string) => T | undefined; write: (value: T) => string };

/** `exactValue` -> `exact_value`, `pMetric` -> `p_metric`. */
export function snakeName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const MAX_ID = 2_147_483_647;

const whole = (min: number, max: number): Codec<number> => ({
  read: (text) => {
    if (!/^\d{1,10}$/.test(text.trim())) return undefined;
    const n = Number(text.trim());
    return n >= min && n <= max ? n : undefined;
  },
  write: String,
});

const text = (max: number): Codec<string> => ({ read: (value) => (value === '' ? undefined : value.slice(0, max)), write: (value) => value });

const flag: Codec<boolean> = {
  read: (value) => {
    const v = value.trim().toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes' || v === 'on') return true;
    if (v === '0' || v === 'false' || v === 'no' || v === 'off') return false;
    return undefined;
  },
  write: (value) => (value ? '1' : '0'),
};

const oneOf = <T extends string>(values: readonly T[]): Codec<T> => ({
  read: (value) => values.find((item) => item === value.trim()),
  write: (value) => value,
});

const ids: Codec<number[]> = {
  read: (value) => {
    const list: number[] = [];
    for (const part of value.split(',')) {
      const n = whole(1, MAX_ID).read(part);
      if (n !== undefined && !list.includes(n)) list.push(n);
    }
    return list.length > 0 ? list.slice(0, 1000) : undefined;
  },
  write: (value) => value.join(','),
};

const resultAliases: Record<string, ScanResultName> = {
  valid: 'valid', '1': 'valid',
  invalid: 'invalid', '0': 'invalid',
  notvalidated: 'notValidated', not_validated: 'notValidated', '-1': 'notValidated', recorded: 'notValidated',
};
const resultOrder: readonly ScanResultName[] = ['valid', 'invalid', 'notValidated'];

const results: Codec<ScanResultName[]> = {
  read: (value) => {
    const chosen = new Set(value.split(',').map((part) => resultAliases[part.trim().toLowerCase()]).filter((name) => name !== undefined));
    const list = resultOrder.filter((name) => chosen.has(name));
    return list.length > 0 ? list : undefined;
  },
  write: (value) => resultOrder.filter((name) => value.includes(name)).join(','),
};

/** `YYYY-MM-DD` of a real day. */
export function isDateText(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `H:MM`, `HH:MM` or `HH:MM:SS` of a real time of day. */
export function isTimeText(value: string): boolean {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

/** A time zone name the browser knows (Europe/Paris, UTC). */
export function isTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const date: Codec<string> = { read: (value) => (isDateText(value.trim()) ? value.trim() : undefined), write: (value) => value };
const time: Codec<string> = { read: (value) => (isTimeText(value.trim()) ? value.trim() : undefined), write: (value) => value };
const zone: Codec<string> = { read: (value) => (isTimeZone(value.trim()) ? value.trim() : undefined), write: (value) => value };

type Codecs = { [K in Key]-?: Codec<NonNullable<SearchState[K]>> };

const codecs: Codecs = {
  page: whole(1, 1_000_000),
  limit: whole(1, 500),
  value: text(500),
  exactValue: flag,
  valueCi: flag,
  response: text(500),
  responseCi: flag,
  exactResponse: flag,
  propertyName: text(100),
  propertyValue: text(1000),
  scanIds: ids,
  answer: text(500),
  exactAnswer: flag,
  recentScan: flag,
  property: text(1000),
  exactProperty: flag,
  dataReceived: flag,
  sortOrder: oneOf(['asc', 'desc'] as const),
  tz: zone,
  period: oneOf(['all', 'last', 'custom'] as const),
  pMetric: oneOf(['hour', 'day', 'week', 'month', 'year'] as const),
  pNumber: whole(1, 10_000),
  sortBy: oneOf(scanSortBy.options),
  category: oneOf(validationMethods),
  result: results,
  startDate: date,
  startTime: time,
  endDate: date,
  endTime: time,
  serviceIds: ids,
  userIds: ids,
  deviceIds: ids,
  uDeleted: flag,
  sDeleted: flag,
  template: whole(1, MAX_ID),
  preview: flag,
};

export type ReadOptions = { /** The page size when the address names none (the photo view shows 48). */ defaultLimit?: number };

/** The address's query (snake_case text) as a typed search; unusable values fall back to their default. */
export function readSearch(query: Readonly<Record<string, string | undefined>>, options: ReadOptions = {}): SearchState {
  const state: Record<string, unknown> = { ...defaultSearch, limit: options.defaultLimit ?? defaultSearch.limit };
  for (const key of order) {
    const raw = query[snakeName(key)];
    if (raw === undefined) continue;
    const value = (codecs[key] as Codec<unknown>).read(raw);
    if (value !== undefined) state[key] = value;
  }
  return state as SearchState;
}

function isDefault(key: Key, value: unknown, options: ReadOptions): boolean {
  if (value === undefined) return true;
  if (key === 'limit') return value === (options.defaultLimit ?? defaultSearch.limit);
  return value === (defaultSearch as Record<string, unknown>)[key];
}

/** A search as the address's query (snake_case text), without the values that are defaults anyway. */
export function writeSearch(state: Partial<SearchState>, options: ReadOptions = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of order) {
    const value = state[key];
    if (isDefault(key, value, options)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'string' && value === '') continue;
    query[snakeName(key)] = (codecs[key] as Codec<unknown>).write(value);
  }
  return query;
}

/** The query text of an address (`a=1&service_ids=3,4`): commas stay readable, everything else is encoded. */
export function queryText(query: Readonly<Record<string, string>>): string {
  return Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`)
    .join('&');
}

/**
 * The `scans/search` body of a search: camelCase, typed, defaults and screen options left out (the route's own
 * defaults are the same; a view with another page size passes it as `defaultLimit`, which is its route's default).
 */
export function searchBody(state: Partial<SearchState>, options: ReadOptions = {}): ScanSearchQuery {
  const body: Record<string, unknown> = {};
  for (const key of order) {
    if (key === 'template' || key === 'preview') continue;
    const value = state[key];
    if (isDefault(key, value, options)) continue;
    if ((Array.isArray(value) && value.length === 0) || value === '') continue;
    body[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return body;
}

/** The filters of a search without its page (statistics, map, photos, exports). */
export function filterBody(state: Partial<SearchState>): ScanFilters {
  const { page: _page, limit: _limit, ...filters } = searchBody(state);
  return filters;
}

/** A `scans/search` body as a full search state (defaults filled in). */
export function stateFromBody(body: ScanSearchQuery): SearchState {
  const state: Record<string, unknown> = { ...defaultSearch };
  for (const [key, value] of Object.entries(body)) if (value !== undefined) state[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  return state as SearchState;
}

/** URL query -> V2 body. */
export function bodyFromQuery(query: Readonly<Record<string, string | undefined>>, options: ReadOptions = {}): ScanSearchQuery {
  return searchBody(readSearch(query, options), options);
}

/** V2 body -> URL query. */
export function queryFromBody(body: ScanSearchQuery, options: ReadOptions = {}): Record<string, string> {
  return writeSearch(stateFromBody(body), options);
}

/** Keys that narrow which scans match (not paging, order, time zone or screen options). */
const filterKeys = [
  'value', 'exactValue', 'response', 'exactResponse', 'responseCi', 'valueCi', 'propertyName', 'propertyValue', 'scanIds', 'answer', 'exactAnswer', 'recentScan',
  'property', 'exactProperty', 'dataReceived', 'period', 'category', 'result', 'startDate', 'startTime', 'endDate', 'endTime', 'serviceIds', 'userIds',
  'deviceIds', 'uDeleted', 'sDeleted',
] as const satisfies readonly Key[];

/** Keys that only refine how a text filter matches: alone they narrow nothing. */
const modifierKeys = new Set<Key>(['exactValue', 'valueCi', 'exactResponse', 'responseCi', 'exactAnswer', 'exactProperty', 'dataReceived', 'uDeleted', 'sDeleted']);

/** How many filters narrow the search (for "Clear filters" and the empty state's wording). */
export function activeFilterCount(state: SearchState): number {
  return filterKeys.filter((key) => !modifierKeys.has(key) && !isDefault(key, state[key], {}) && !(Array.isArray(state[key]) && state[key].length === 0) && state[key] !== '').length;
}

/** The search with every filter cleared; page size, order, time zone, template and preview stay. */
export function clearedSearch(state: SearchState): SearchState {
  return { ...defaultSearch, limit: state.limit, sortBy: state.sortBy, sortOrder: state.sortOrder, tz: state.tz, template: state.template, preview: state.preview };
}

/** True when the newest scans come first (new scans land on page 1). */
export function isNewestFirst(state: Pick<SearchState, 'sortBy' | 'sortOrder'>): boolean {
  return state.sortOrder === 'desc' && (state.sortBy === 'scanned_at' || state.sortBy === 'received_at' || state.sortBy === 'id');
}
