import { describe, expect, it } from 'vitest';
import { describeRepeat, formatAt, formatRate, parseRosterLines, rosterCsv } from './attendance-format';

describe('attendance wording', () => {
  it('describes one-off and weekly sessions', () => {
    expect(describeRepeat({ repeat: 'none', startDate: '2026-09-01', endDate: null, weekdays: [] })).toBe('Once, 2026-09-01');
    expect(describeRepeat({ repeat: 'weekly', startDate: '2026-09-07', endDate: '2026-09-30', weekdays: [1, 3, 5] })).toBe('Weekly on Monday, Wednesday and Friday, 2026-09-07 to 2026-09-30');
  });

  it('formats rates and local times across a daylight-saving change', () => {
    expect(formatRate(0.667)).toBe('67%');
    expect(formatRate(null)).toBe('–');
    expect(formatAt('2026-10-24T07:05:00Z', 'Europe/Berlin')).toBe('2026-10-24 09:05');
    expect(formatAt('2026-10-26T08:05:00Z', 'Europe/Berlin')).toBe('2026-10-26 09:05');
  });

  it('reads pasted roster lines and writes them as CSV', () => {
    const { people, errors } = parseRosterLines('P1, Ada Lovelace\n\nP2\tAlan Turing\n;Nobody\np1,Again\nP3;"Grace", Hopper');
    expect(people).toEqual([{ code: 'P1', name: 'Ada Lovelace' }, { code: 'P2', name: 'Alan Turing' }, { code: 'P3', name: '"Grace", Hopper' }]);
    expect(errors).toEqual(['Line 4: a code is missing', 'Line 5: p1 is there twice']);
    expect(rosterCsv(people)).toBe('P1,Ada Lovelace,1\r\nP2,Alan Turing,1\r\nP3,"""Grace"", Hopper",1');
  });
});
