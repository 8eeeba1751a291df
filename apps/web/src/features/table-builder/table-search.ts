import { tableFilterOps, type TableFilter, type TableQuery } from '@scanbase/contracts/table-builder';

/** The grid's state as it is kept in the address: `col`, `op`, `q` (one filter), `sort`, `dir`, `page`, `hide` (question ids, comma-separated). */
export type TableSearch = { query: TableQuery; page: number; hidden: number[] };

const COLUMN = /^(value|updatedAt|\d{1,10})$/;

/** Reads the address's parameters; anything unusable falls back to the default (newest change first, no filter). */
export function readTableSearch(search: Record<string, string>): TableSearch {
  const filters: TableFilter[] = [];
  const op = tableFilterOps.find((o) => o === search.op) ?? 'contains';
  const column = search.col ?? 'value';
  const value = (search.q ?? '').slice(0, 200);
  if (COLUMN.test(column) && (value !== '' || op === 'empty' || op === 'notEmpty')) filters.push({ column, op, value });
  const sort = search.sort && COLUMN.test(search.sort) ? search.sort : 'updatedAt';
  const direction = search.dir === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Math.min(100_000, Number.parseInt(search.page ?? '1', 10) || 1));
  const hidden = (search.hide ?? '').split(',').filter((s) => /^\d{1,10}$/.test(s)).map(Number);
  return { query: { filters, sort, direction }, page, hidden };
}

/** The address parameters of a state (undefined removes one). */
export function writeTableSearch(state: TableSearch): Record<string, string | undefined> {
  const f = state.query.filters[0];
  return {
    col: f?.column,
    op: f ? f.op : undefined,
    q: f?.value || undefined,
    sort: state.query.sort === 'updatedAt' ? undefined : state.query.sort,
    dir: state.query.direction === 'desc' ? undefined : state.query.direction,
    page: state.page === 1 ? undefined : String(state.page),
    hide: state.hidden.length > 0 ? state.hidden.join(',') : undefined,
  };
}

/** The next sort when a column's header is pressed: ascending first, then descending. */
export function nextSort(query: TableQuery, column: string): Pick<TableQuery, 'sort' | 'direction'> {
  if (query.sort !== column) return { sort: column, direction: 'asc' };
  return { sort: column, direction: query.direction === 'asc' ? 'desc' : 'asc' };
}

/** "1 row", "2,500 rows", "10,000+ rows" (a capped count). */
export function rowsText(total: number, exact = true): string {
  return `${total.toLocaleString('en-US')}${exact ? '' : '+'} ${total === 1 && exact ? 'row' : 'rows'}`;
}
