import type { ScanDetail } from '@scanbase/contracts/scanner';
import { describe, expect, it, vi } from 'vitest';
import { V2Error } from '../../api/v2-client';
import { newScanCount, throttle } from './live-refresh';
import { retryUnlessRefused } from './query-retry';
import { boundsOf, locationSummary, pointsKey } from './map-points';
import { formatShortTime, periodLabel, plural, pluralTotal, statusColour } from './scan-format';
import { defaultSearch } from './search-query';
import { bucketLabel, overTimeSeries, share, shortName } from './statistics-series';
import { answeredQuestions, answerText, formatWithPattern, templateColumns } from './template-columns';

const scan: ScanDetail = {
  id: 42,
  value: 'TICKET-0042',
  response: 'Seat 14B',
  status: 1,
  service: { id: 3, name: 'Main gate', deleted: false },
  user: { id: 7, name: 'ada', deleted: false },
  device: { id: 9, name: 'Gate phone' },
  uploadId: null,
  scannedAt: '2026-03-01T13:05:09.000Z',
  receivedAt: '2026-03-01T13:05:10.000Z',
  modifiedAt: '2026-03-01T13:05:10.000Z',
  answers: [
    { answerId: 1, questionId: 11, questionText: 'Gate', answer: 'North', hasFile: false },
    { answerId: 2, questionId: 12, questionText: 'Extras', answer: 'Bag', hasFile: false },
    { answerId: 3, questionId: 12, questionText: 'Extras', answer: 'Coat', hasFile: false },
    { answerId: 4, questionId: 13, questionText: 'Photo', answer: '', hasFile: true },
  ],
  properties: { gps_location: '48.85,2.35', capture_type: 'camera' },
};

describe('wording', () => {
  it('writes totals with their noun', () => {
    expect(plural(1, 'scan')).toBe('1 scan');
    expect(plural(2500, 'scan')).toBe('2,500 scans');
    // A total the server stopped counting at (totalExact false).
    expect(pluralTotal(10_000, false, 'scan')).toBe('10,000+ scans');
    expect(pluralTotal(1, true, 'scan')).toBe('1 scan');
  });

  it('describes the period', () => {
    expect(periodLabel(defaultSearch)).toBe('All time');
    expect(periodLabel({ ...defaultSearch, period: 'last', pNumber: 12, pMetric: 'hour' })).toBe('Last 12 hours');
    expect(periodLabel({ ...defaultSearch, period: 'last', pNumber: 1, pMetric: 'week' })).toBe('Last week');
    expect(periodLabel({ ...defaultSearch, period: 'custom', startDate: '2026-03-01', startTime: '08:00', endDate: '2026-03-31' })).toBe('1 Mar 2026 08:00 to 31 Mar 2026');
    expect(periodLabel({ ...defaultSearch, period: 'custom' })).toBe('Custom dates (choose them)');
  });

  it('writes short times in the search zone', () => {
    const now = new Date('2026-03-01T20:00:00Z');
    expect(formatShortTime(scan.scannedAt, 'UTC', now)).toBe('13:05');
    // 20:00 UTC is already 2 March in Tokyo: the scan was yesterday there.
    expect(formatShortTime(scan.scannedAt, 'Asia/Tokyo', now)).toBe('1 Mar, 22:05');
    expect(formatShortTime('2026-01-05T10:00:00Z', 'UTC', now)).toBe('5 Jan, 10:00');
    expect(formatShortTime('2025-01-05T10:00:00Z', 'UTC', now)).toBe('5 Jan 2025');
    expect(formatShortTime('nope', 'UTC', now)).toBe('—');
  });

  it('colours statuses', () => {
    expect(statusColour(1)).toBe('#2e7d32');
    expect(statusColour(0)).toBe('#c62828');
    expect(statusColour(-1)).toBe('#546e7a');
  });
});

describe('export template columns in the table', () => {
  it('formats times with the template’s pattern and zone', () => {
    expect(formatWithPattern(scan.scannedAt, 'yyyy-MM-dd HH:mm:ss', 'UTC')).toBe('2026-03-01 13:05:09');
    expect(formatWithPattern(scan.scannedAt, "yyyy-MM-dd'T'HH:mm:ssXXX", 'Europe/Paris')).toBe('2026-03-01T14:05:09+01:00');
    expect(formatWithPattern(scan.scannedAt, "yyyy-MM-dd'T'HH:mm:ssXXX", 'UTC')).toBe('2026-03-01T13:05:09Z');
    expect(formatWithPattern(scan.scannedAt, 'MM/dd/yyyy hh:mm:ss a', 'America/New_York')).toBe('03/01/2026 08:05:09 AM');
    expect(formatWithPattern(scan.scannedAt, 'dd.MM.yyyy HH:mm', 'Asia/Kolkata')).toBe('01.03.2026 18:35');
    expect(formatWithPattern('2026-07-01T00:30:00Z', 'd MMM yyyy, h a', 'UTC')).toBe('1 Jul 2026, 12 AM');
  });

  it('fills each column from the scan', () => {
    const columns = templateColumns(
      {
        dateFormat: 'yyyy-MM-dd HH:mm',
        timeZone: 'account',
        columns: [
          { kind: 'field', field: 'value', header: 'Ticket' },
          { kind: 'field', field: 'status', header: 'Result' },
          { kind: 'field', field: 'scannedAt', header: 'When' },
          { kind: 'field', field: 'serviceId', header: 'Service #' },
          { kind: 'question', questionId: 12, header: 'Extras' },
          { kind: 'question', questionId: 13, header: 'Photo' },
          { kind: 'property', name: 'gps_location', header: 'Where' },
          { kind: 'property', name: 'missing', header: 'Nothing' },
        ],
      },
      'Europe/Paris',
    );
    expect(columns.map((column) => column.header)).toEqual(['Ticket', 'Result', 'When', 'Service #', 'Extras', 'Photo', 'Where', 'Nothing']);
    expect(columns.map((column) => column.text(scan))).toEqual(['TICKET-0042', 'Valid', '2026-03-01 14:05', '3', 'Bag|^|Coat', '[image]', '48.85,2.35', '']);
    expect(columns.map((column) => column.sortBy)).toEqual(['value', 'status', 'scanned_at', undefined, undefined, undefined, undefined, undefined]);
  });

  it('lists the questions answered on a page', () => {
    expect(answeredQuestions([scan])).toEqual([
      { questionId: 11, text: 'Gate' },
      { questionId: 12, text: 'Extras' },
      { questionId: 13, text: 'Photo' },
    ]);
    expect(answerText(scan, 99)).toBe('');
  });
});

describe('statistics', () => {
  it('labels buckets by their size', () => {
    expect(bucketLabel('2026-03-03 14:00', 'hour')).toBe('3 Mar 14:00');
    expect(bucketLabel('2026-03-03 00:00', 'day')).toBe('3 Mar');
    expect(bucketLabel('2026-03-02 00:00', 'week')).toBe('Week of 2 Mar');
    expect(bucketLabel('2026-03-01 00:00', 'month')).toBe('Mar 2026');
    expect(bucketLabel('2026-03-03', 'day', true)).toBe('3 Mar 2026');
  });

  it('splits the buckets into one series per result, with years when they span several', () => {
    const series = overTimeSeries({
      bucket: 'day',
      overTime: [
        { start: '2025-12-31 00:00', valid: 1, invalid: 2, notValidated: 0 },
        { start: '2026-01-01 00:00', valid: 3, invalid: 0, notValidated: 4 },
      ],
    });
    expect(series).toEqual({ labels: ['31 Dec 2025', '1 Jan 2026'], valid: [1, 3], invalid: [2, 0], notValidated: [0, 4] });
  });

  it('writes shares and short names', () => {
    expect(share(1, 3)).toBe('33 %');
    expect(share(1, 200)).toBe('0.5 %');
    expect(share(0, 0)).toBe('—');
    expect(shortName('A very long service name indeed', 10)).toBe('A very lo…');
  });
});

describe('map', () => {
  it('fits the points, with a small box around a single spot', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ latitude: 10, longitude: 20 }, { latitude: -5, longitude: 30 }])).toEqual([[-5, 20], [10, 30]]);
    const one = boundsOf([{ latitude: 48.85, longitude: 2.35 }]);
    expect(one?.[0][0]).toBeCloseTo(48.845);
    expect(one?.[1][1]).toBeCloseTo(2.355);
    expect(boundsOf([{ latitude: 200, longitude: 0 }])).toBeNull();
  });

  it('tells how many scans are on the map', () => {
    expect(locationSummary(12, 12, 40)).toBe('12 of 40 scans have a location');
    expect(locationSummary(1, 1, 1)).toBe('1 of 1 scan has a location');
    expect(locationSummary(5000, 7000, 9000)).toBe('7,000 of 9,000 scans have a location; the newest 5,000 are on the map');
    expect(locationSummary(3, 3, undefined)).toBe('3 scans with a location');
  });

  it('keys the point set', () => {
    expect(pointsKey([])).toBe('none');
    expect(pointsKey([{ scanId: 1 }, { scanId: 2 }])).not.toBe(pointsKey([{ scanId: 1 }, { scanId: 3 }]));
  });
});

describe('live refresh', () => {
  it('runs at once, then at most once per interval, collapsing a burst', () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      const throttled = throttle(task, 1000);
      throttled.call();
      expect(task).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 50; i++) throttled.call();
      expect(task).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(999);
      expect(task).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(5000);
      expect(task).toHaveBeenCalledTimes(2);
      throttled.call();
      expect(task).toHaveBeenCalledTimes(3);
      throttled.call();
      throttled.cancel();
      vi.advanceTimersByTime(5000);
      expect(task).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts new scans since the page loaded', () => {
    expect(newScanCount(10, 13)).toBe(3);
    expect(newScanCount(10, 8)).toBe(0);
    expect(newScanCount(undefined, 8)).toBe(0);
  });
});

describe('retries', () => {
  it('retries a failed load once, but not a refused search', () => {
    expect(retryUnlessRefused(0, new V2Error('VALIDATION_FAILED', 'The end is before the start.', 422))).toBe(false);
    expect(retryUnlessRefused(0, new V2Error('NETWORK', 'offline', 0))).toBe(true);
    expect(retryUnlessRefused(1, new V2Error('UNKNOWN', 'bad gateway', 502))).toBe(false);
    expect(retryUnlessRefused(0, new Error('x'))).toBe(true);
  });
});
