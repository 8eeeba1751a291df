import { useNavigate, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { queryText, readSearch, writeSearch, type ReadOptions, type SearchState } from '../search-query';

export type ScanView = 'full' | 'list' | 'map' | 'photo' | 'statistics';
export type UpdateOptions = { /** Replace the history entry (typing) instead of adding one. */ replace?: boolean };

/** The page size a view uses when the address names none (the gallery's is the photos route's own). */
export function defaultLimitOf(view: ScanView): number {
  return view === 'photo' ? 48 : 50;
}

/** The address of a search view with a search (a page size that was the default stays the default). */
export function scanViewHref(view: ScanView, state: SearchState, from?: ScanView): string {
  const limit = from !== undefined && state.limit === defaultLimitOf(from) ? defaultLimitOf(view) : state.limit;
  const text = queryText(writeSearch({ ...state, limit }, { defaultLimit: defaultLimitOf(view) }));
  return `/account/scans/search/${view}/${text ? `?${text}` : ''}`;
}

function textQuery(raw: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value !== '') query[key] = value;
    else if (typeof value === 'number') query[key] = String(value);
  }
  return query;
}

/**
 * The search of a scans view, read from the address, and `update(patch)`: every change writes the address
 * (page back to 1 unless the patch names one) and so refetches the view.
 */
export function useScanSearch(options: ReadOptions = {}) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const router = useRouter();
  const { defaultLimit } = options;
  const key = JSON.stringify(textQuery(raw));
  const state = useMemo(() => readSearch(JSON.parse(key) as Record<string, string>, { defaultLimit }), [key, defaultLimit]);

  const update = useCallback(
    (patch: Partial<SearchState>, how: UpdateOptions = {}) => {
      // The address now, not the one of the last render: a debounced field may write after other changes.
      const current = readSearch(Object.fromEntries(new URLSearchParams(router.state.location.searchStr)), { defaultLimit });
      const next: SearchState = { ...current, ...patch };
      if (!('page' in patch)) next.page = 1;
      const text = queryText(writeSearch(next, { defaultLimit }));
      void navigate({ href: `${pathname}${text ? `?${text}` : ''}`, replace: how.replace ?? false });
    },
    [defaultLimit, navigate, pathname, router],
  );

  const replaceAll = useCallback(
    (next: SearchState) => {
      const text = queryText(writeSearch(next, { defaultLimit }));
      void navigate({ href: `${pathname}${text ? `?${text}` : ''}` });
    },
    [defaultLimit, navigate, pathname],
  );

  return { search: state, update, replaceAll };
}
