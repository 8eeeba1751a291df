import { describe, expect, it } from 'vitest';
import { nextSort, readTableSearch, writeTableSearch } from './table-search';

describe('table view address', () => {
  it('reads a filter, sort, page and hidden columns, and writes them back', () => {
    const state = readTableSearch({ col: '12', op: 'equals', q: 'OK', sort: 'value', dir: 'asc', page: '3', hide: '7,x,9' });
    expect(state).toEqual({ query: { filters: [{ column: '12', op: 'equals', value: 'OK' }], sort: 'value', direction: 'asc' }, page: 3, hidden: [7, 9] });
    expect(writeTableSearch(state)).toEqual({ col: '12', op: 'equals', q: 'OK', sort: 'value', dir: 'asc', page: '3', hide: '7,9' });
  });
  it('falls back to newest first without a filter for unusable values; an empty-value filter only for empty/notEmpty', () => {
    expect(readTableSearch({ col: 'drop table', q: 'x', sort: '1;2', dir: 'up', page: '-4' })).toEqual({ query: { filters: [], sort: 'updatedAt', direction: 'desc' }, page: 1, hidden: [] });
    expect(readTableSearch({ col: '5', op: 'contains' }).query.filters).toEqual([]);
    expect(readTableSearch({ col: '5', op: 'empty' }).query.filters).toEqual([{ column: '5', op: 'empty', value: '' }]);
    expect(writeTableSearch(readTableSearch({}))).toEqual({ col: undefined, op: undefined, q: undefined, sort: undefined, dir: undefined, page: undefined, hide: undefined });
  });
  it('a header toggles ascending then descending', () => {
    const q = { filters: [], sort: 'updatedAt', direction: 'desc' as const };
    expect(nextSort(q, '4')).toEqual({ sort: '4', direction: 'asc' });
    expect(nextSort({ ...q, sort: '4', direction: 'asc' }, '4')).toEqual({ sort: '4', direction: 'desc' });
  });
});
