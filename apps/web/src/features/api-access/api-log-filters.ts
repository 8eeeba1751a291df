import type { listApiLog } from '@scanbase/contracts/api-access';
import type { z } from 'zod';

export const DEFAULT_LIMIT = 50;
const LIMITS = [25, 50, 100, 200] as const;
export const limitChoices: readonly number[] = LIMITS;

export type ApiLogStatus = 'ok' | 'error';
/** The API log's filters as the page reads them from the address. */
export type ApiLogFilters = { page: number; limit: number; section?: string; status?: ApiLogStatus; key?: number };

type Search = Record<string, string | undefined>;

function positive(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** Address (`page`, `limit`, `section`, `status` = ok|error, `key` = key id) -> filters; unusable values are ignored. */
export function filtersFromSearch(search: Search): ApiLogFilters {
  const page = Math.min(positive(search.page) ?? 1, 10_000_000);
  const limit = Math.min(positive(search.limit) ?? DEFAULT_LIMIT, 500);
  const section = search.section?.trim().toLowerCase().slice(0, 40);
  const status = search.status === 'ok' || search.status === 'error' ? search.status : undefined;
  const key = positive(search.key);
  return { page, limit, ...(section ? { section } : {}), ...(status ? { status } : {}), ...(key !== undefined ? { key } : {}) };
}

/** Filters -> the query parameters to put in the address (defaults left out, so the address stays short). */
export function searchFromFilters(filters: ApiLogFilters): Record<string, string | undefined> {
  return {
    page: filters.page > 1 ? String(filters.page) : undefined,
    limit: filters.limit !== DEFAULT_LIMIT ? String(filters.limit) : undefined,
    section: filters.section,
    status: filters.status,
    key: filters.key !== undefined ? String(filters.key) : undefined,
  };
}

/** Filters -> the `apilog/list` body. */
export function apiLogBody(filters: ApiLogFilters): z.input<typeof listApiLog.body> {
  return {
    page: filters.page,
    limit: filters.limit,
    ...(filters.section ? { section: filters.section } : {}),
    ...(filters.status ? { status: filters.status === 'ok' ? 1 : 0 } : {}),
    ...(filters.key !== undefined ? { apiKeyId: filters.key } : {}),
  };
}

/** How many filters narrow the log (paging not counted). */
export function activeFilterCount(filters: ApiLogFilters): number {
  return [filters.section, filters.status, filters.key].filter((value) => value !== undefined).length;
}

/** The address patch that removes every filter and goes back to page 1. */
export const clearedFilters = { section: undefined, status: undefined, key: undefined, page: undefined } as const;
