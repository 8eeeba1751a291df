import { TZDate } from '@date-fns/tz';
import { dateFormatPresets } from '@scanbase/contracts';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dateFormatProblem, dateFormatter } from './export-dates.js';

// Instants around daylight-saving changes and odd offsets, plus a spread over several years.
const EDGES = ['2026-03-08T06:59:59.999Z', '2026-03-08T07:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T06:00:00.000Z', '2026-03-29T00:59:59.000Z', '2026-03-29T01:00:00.000Z', '2026-10-04T15:30:00.000Z', '2026-04-05T14:59:59.000Z', '2026-12-31T23:59:59.999Z', '2000-02-29T12:00:00.007Z'];
const SPREAD = Array.from({ length: 150 }, (_, i) => new Date(Date.UTC(2019, 0, 1) + i * 7_919_993_117).toISOString());
const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Pacific/Kiritimati'];
const PATTERNS = [...dateFormatPresets, 'yy/M/d H:m:s.SSS', "EEE, d MMM yyyy 'at' h:mm aaa", 'EEEE MMMM dd hh a xxx', "yyyy-MM-dd'T'HH:mm:ss.SXX", 'X x', "''HH'' 'o''clock'", 'do MMM yyyy', 'PPpp', 'QQQ yyyy', 'yyyy-MM-dd HH:mm zzz'];

describe('export date formats', () => {
  it.each(PATTERNS)('%s: the same text as date-fns on a TZDate, in every zone', (pattern) => {
    for (const zone of ZONES) {
      const fast = dateFormatter(pattern, zone);
      for (const iso of [...EDGES, ...SPREAD]) expect(fast(iso), `${iso} in ${zone}`).toBe(format(new TZDate(Date.parse(iso), zone), pattern));
    }
  });

  it('keeps text it cannot read as a time', () => {
    expect(dateFormatter('yyyy', 'UTC')('not a time')).toBe('not a time');
  });

  it.each([
    ['yyyy-MM-dd HH:mm', undefined],
    ["dd.MM.yyyy 'um' HH:mm", undefined],
    ['YYYY-MM-dd', 'Use "yyyy" for the year ("YYYY" is the week-numbering year)'],
    ['yyyy-MM-DD', 'Use "dd" for the day of the month ("DD" is the day of the year)'],
    ['yyyy-MM-dd HH:mm Uhr', '"U" is not a date token; put literal text in single quotes, as in \'at\''],
    ['yyyy-MM-dd HH:mm:ss Z', '"Z" is not a date token; put literal text in single quotes, as in \'at\''],
  ])('checks %j', (pattern, problem) => {
    expect(dateFormatProblem(pattern)).toBe(problem);
  });
});
