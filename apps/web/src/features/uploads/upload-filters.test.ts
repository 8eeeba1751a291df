import type { UploadRow } from '@scanbase/contracts/scan-data';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, idListParam, parseIdList, rangeProblems, uploadFiltersFrom, uploadsBody, uploadScansHref, zonedParts } from './upload-filters';

const upload: UploadRow = {
  id: 17,
  service: { id: 3, name: 'Main gate', deleted: false },
  user: { id: 5, name: 'gate-1', deleted: true },
  device: { id: 8, name: 'Gate phone' },
  count: 12,
  valid: 10,
  invalid: 1,
  notValidated: 1,
  createdAt: '2026-03-14T08:26:53.000Z',
};

describe('uploads: filters in the address', () => {
  it('reads id lists, dropping what is not an id', () => {
    expect(parseIdList('3, 7,x,0,7,12')).toEqual([3, 7, 12]);
    expect(parseIdList(undefined)).toEqual([]);
    expect(idListParam([3, 7])).toBe('3,7');
    expect(idListParam([])).toBeUndefined();
  });

  it('reads every parameter with its default', () => {
    expect(uploadFiltersFrom({})).toEqual({ page: 1, limit: 50, serviceIds: [], userIds: [], deviceIds: [], startDate: '', startTime: '', endDate: '', endTime: '', uDeleted: false, sDeleted: false });
    const f = uploadFiltersFrom({ page: '3', limit: '9999', s: '1,2', u: '5', d: '8', sd: '2026-03-01', st: '08:00', ed: '2026-03-31', et: '18:00', u_deleted: '1', s_deleted: 'true' });
    expect(f).toMatchObject({ page: 3, limit: 500, serviceIds: [1, 2], userIds: [5], deviceIds: [8], uDeleted: true, sDeleted: true });
    expect(activeFilterCount(f)).toBe(7);
  });

  it('makes the uploads/list body, leaving out what is not chosen', () => {
    expect(uploadsBody(uploadFiltersFrom({}))).toEqual({ page: 1, limit: 50, uDeleted: false, sDeleted: false });
    expect(uploadsBody(uploadFiltersFrom({ s: '1', sd: '2026-03-01', st: '08:00', et: '18:00' }))).toEqual({ page: 1, limit: 50, uDeleted: false, sDeleted: false, serviceIds: [1], startDate: '2026-03-01', startTime: '08:00' });
  });

  it('explains a range it cannot send', () => {
    expect(rangeProblems(uploadFiltersFrom({ sd: '2026-03-10', ed: '2026-03-01' }))).toEqual({ ed: 'The end is before the start' });
    expect(rangeProblems(uploadFiltersFrom({ sd: '2026-03-10', st: '9:30', ed: '2026-03-10', et: '09:00' }))).toEqual({ ed: 'The end is before the start' });
    expect(rangeProblems(uploadFiltersFrom({ sd: '2026-03-10', st: '09:00', ed: '2026-03-10', et: '09:00' }))).toEqual({});
    expect(rangeProblems(uploadFiltersFrom({ st: '08:00', ed: '14/03/2026' }))).toEqual({ st: 'Choose a start date too', ed: 'Use YYYY-MM-DD' });
  });
});

describe('uploads: link to the scans of an upload', () => {
  it('gives wall-clock parts in a time zone', () => {
    expect(zonedParts(new Date('2026-03-14T23:30:00.000Z'), 'Europe/Paris')).toEqual({ date: '2026-03-15', time: '00:30:00' });
  });

  it('searches by service, user, device and a received-time window around the upload', () => {
    const href = uploadScansHref(upload, 'Europe/Paris');
    const [path, query = ''] = href.split('?');
    expect(path).toBe('/account/scans/search/full/');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      service_ids: '3',
      user_ids: '5',
      device_ids: '8',
      data_received: '1',
      period: 'custom',
      start_date: '2026-03-14',
      start_time: '09:26:48',
      end_date: '2026-03-14',
      end_time: '09:28:53',
      tz: 'Europe/Paris',
      u_deleted: '1',
    });
  });
});
