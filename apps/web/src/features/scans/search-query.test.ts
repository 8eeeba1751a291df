import { scanFilters } from '@scanbase/contracts/scan-data';
import { scanSearchQuery } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  bodyFromQuery,
  clearedSearch,
  defaultSearch,
  filterBody,
  isNewestFirst,
  queryFromBody,
  queryText,
  readSearch,
  searchBody,
  snakeName,
  writeSearch,
} from './search-query';

describe('scan search address <-> V2 body', () => {
  it('has the contract’s defaults', () => {
    const { preview: _preview, ...search } = defaultSearch;
    expect(search).toEqual(scanSearchQuery.parse({}));
  });

  it('names parameters in snake_case', () => {
    expect(snakeName('exactValue')).toBe('exact_value');
    expect(snakeName('pMetric')).toBe('p_metric');
    expect(snakeName('uDeleted')).toBe('u_deleted');
    expect(snakeName('value')).toBe('value');
  });

  it('reads every filter of the address, typed', () => {
    const state = readSearch({
      page: '3', limit: '100', value: 'TICKET', exact_value: '1', value_ci: '0', response: 'Seat', response_ci: 'false', exact_response: 'true',
      property_name: 'gate', property_value: 'North', scan_ids: '5,6,5', answer: 'yes', exact_answer: '1', recent_scan: '1', property: 'abc', exact_property: '1',
      data_received: '1', sort_order: 'asc', tz: 'Europe/Paris', period: 'custom', p_metric: 'week', p_number: '2', sort_by: 'value', category: 'database',
      result: 'invalid,valid', start_date: '2026-03-01', start_time: '08:00', end_date: '2026-03-31', end_time: '18:30:00', service_ids: '1,2', user_ids: '7',
      device_ids: '9,10', u_deleted: '1', s_deleted: '1', template: '4', preview: '1',
    });
    expect(state).toEqual({
      page: 3, limit: 100, value: 'TICKET', exactValue: true, valueCi: false, response: 'Seat', responseCi: false, exactResponse: true, propertyName: 'gate',
      propertyValue: 'North', scanIds: [5, 6], answer: 'yes', exactAnswer: true, recentScan: true, property: 'abc', exactProperty: true, dataReceived: true,
      sortOrder: 'asc', tz: 'Europe/Paris', period: 'custom', pMetric: 'week', pNumber: 2, sortBy: 'value', category: 'database', result: ['valid', 'invalid'],
      startDate: '2026-03-01', startTime: '08:00', endDate: '2026-03-31', endTime: '18:30:00', serviceIds: [1, 2], userIds: [7], deviceIds: [9, 10],
      uDeleted: true, sDeleted: true, template: 4, preview: true,
    });
    // The body passes the contract as it is.
    expect(scanSearchQuery.safeParse(searchBody(state)).success).toBe(true);
  });

  it('drops what it cannot use instead of failing', () => {
    const state = readSearch({
      page: '0', limit: '501', sort_by: 'colour', sort_order: 'up', period: 'soon', p_number: '-3', start_date: '2026-02-30', start_time: '25:00', tz: 'Mars/Base',
      service_ids: 'a,,3,0', result: 'maybe', exact_value: 'perhaps', category: 'nope', template: 'x',
    });
    expect(state).toEqual({ ...defaultSearch, serviceIds: [3] });
  });

  it('accepts other spellings of the results', () => {
    expect(readSearch({ result: '1,-1' }).result).toEqual(['valid', 'notValidated']);
    expect(readSearch({ result: 'not_validated,0' }).result).toEqual(['invalid', 'notValidated']);
  });

  it('writes only what differs from the defaults, in the spec’s order', () => {
    expect(writeSearch(defaultSearch)).toEqual({});
    const query = writeSearch({ ...defaultSearch, page: 2, value: 'A,B', valueCi: false, serviceIds: [3, 4], result: ['notValidated', 'valid'], preview: true, tz: 'UTC' });
    expect(query).toEqual({ page: '2', value: 'A,B', value_ci: '0', tz: 'UTC', result: 'valid,notValidated', service_ids: '3,4', preview: '1' });
    expect(Object.keys(query)).toEqual(['page', 'value', 'value_ci', 'tz', 'result', 'service_ids', 'preview']);
    expect(writeSearch({ ...defaultSearch, serviceIds: [], value: '' })).toEqual({});
  });

  it('keeps commas readable in the address', () => {
    expect(queryText({ service_ids: '3,4', value: 'a b&c' })).toBe('service_ids=3,4&value=a%20b%26c');
  });

  it('round-trips: address -> state -> address, and body -> address -> body', () => {
    const query = { value: 'X', exact_value: '1', period: 'last', p_metric: 'hour', p_number: '12', user_ids: '1,2', s_deleted: '1', sort_by: 'service', sort_order: 'asc' };
    expect(writeSearch(readSearch(query))).toEqual(query);
    const body = { value: 'X', exactValue: true, period: 'last' as const, pMetric: 'hour' as const, pNumber: 12, userIds: [1, 2], sDeleted: true };
    expect(queryFromBody(body)).toEqual({ value: 'X', exact_value: '1', period: 'last', p_metric: 'hour', p_number: '12', user_ids: '1,2', s_deleted: '1' });
    expect(bodyFromQuery(queryFromBody(body))).toEqual(body);
  });

  it('sends a short typed body without defaults or screen options', () => {
    expect(searchBody(defaultSearch)).toEqual({});
    expect(bodyFromQuery({ page: '1', limit: '50', template: '3', preview: '1', exact_value: '0', result: 'invalid' })).toEqual({ result: ['invalid'] });
    expect(bodyFromQuery({ limit: '200', value_ci: '0', value: 'q' })).toEqual({ limit: 200, value: 'q', valueCi: false });
  });

  it('takes a view’s own page size as the default', () => {
    expect(readSearch({}, { defaultLimit: 48 }).limit).toBe(48);
    expect(writeSearch(readSearch({}, { defaultLimit: 48 }), { defaultLimit: 48 })).toEqual({});
    expect(bodyFromQuery({ limit: '50' }, { defaultLimit: 48 })).toEqual({ limit: 50 });
  });

  it('gives the filters without paging for statistics, the map and exports', () => {
    const filters = filterBody(readSearch({ page: '4', limit: '100', value: 'A', device_ids: '2' }));
    expect(filters).toEqual({ value: 'A', deviceIds: [2] });
    expect(scanFilters.safeParse(filters).success).toBe(true);
  });

  it('counts the filters that narrow the search, and clears them keeping order and zone', () => {
    expect(activeFilterCount(defaultSearch)).toBe(0);
    expect(activeFilterCount({ ...defaultSearch, exactValue: true, sortBy: 'value', page: 3 })).toBe(0);
    const state = readSearch({ value: 'A', result: 'valid', service_ids: '1', period: 'last', sort_by: 'value', tz: 'UTC', limit: '100', page: '5' });
    expect(activeFilterCount(state)).toBe(4);
    expect(clearedSearch(state)).toEqual({ ...defaultSearch, sortBy: 'value', tz: 'UTC', limit: 100, template: undefined });
  });

  it('knows when new scans land on the first page', () => {
    expect(isNewestFirst(defaultSearch)).toBe(true);
    expect(isNewestFirst({ sortBy: 'received_at', sortOrder: 'desc' })).toBe(true);
    expect(isNewestFirst({ sortBy: 'scanned_at', sortOrder: 'asc' })).toBe(false);
    expect(isNewestFirst({ sortBy: 'value', sortOrder: 'desc' })).toBe(false);
  });
});
