import { describe, expect, it } from 'vitest';
import { parsePostbackReply } from './postback.js';
import { fillVariables, isActive, legacyUtc, localParts, responseKind, rewrite } from './validation-rules.js';

const allDay = { periodStartDate: null, periodEndDate: null, periodStartTime: '00:00:00', periodEndTime: '23:59:59' };

describe('validation rules', () => {
  it('rewrites every match, with PHP-style and JavaScript back-references', () => {
    expect(rewrite('TKT-0012', '^TKT-0*(\\d+)$', '\\1')).toBe('12');
    expect(rewrite('a-b-c', '-', '$&$&')).toBe('a--b--c');
    expect(rewrite('same', '', 'x')).toBe('same');
    expect(rewrite('same', '(', 'x')).toBe('same'); // a broken pattern leaves the value alone
  });

  it('fills the response variables', () => {
    expect(fillVariables('Hi USER_NAME (USER_ID) SERVICE_ID SCAN_VALUE', { scanValue: 'V', userName: 'ann', userId: 7, serviceId: 3 })).toBe('Hi ann (7) 3 V');
    expect(fillVariables('plain', { scanValue: 'V', userName: 'ann', userId: null, serviceId: 3 })).toBe('plain');
  });

  it('tells text, HTML and URL responses apart', () => {
    expect(responseKind('<curl>https://x.example/a?b=1</curl>')).toEqual({ kind: 'url', text: 'https://x.example/a?b=1' });
    expect(responseKind('<![CDATA[<html><p>x</p></html>]]>')).toEqual({ kind: 'html', text: '<html><p>x</p></html>' });
    expect(responseKind('<curl>javascript:alert(1)</curl>').kind).toBe('text');
    expect(responseKind('Seat 4 < 5').kind).toBe('text');
  });

  it('active periods: date ranges in the account time zone, daily windows, windows over midnight', () => {
    const at = new Date('2026-06-01T22:30:00Z'); // 00:30 on 2 June in Paris
    expect(isActive({ ...allDay, periodStartDate: '2026-06-02', periodEndDate: '2026-06-03' }, at, 'Europe/Paris')).toBe(true);
    expect(isActive({ ...allDay, periodStartDate: '2026-06-02', periodEndDate: '2026-06-03' }, at, 'UTC')).toBe(false);
    expect(isActive(allDay, at, 'UTC')).toBe(true);
    expect(isActive({ ...allDay, periodStartTime: '09:00:00', periodEndTime: '17:00:00' }, at, 'UTC')).toBe(false);
    expect(isActive({ ...allDay, periodStartTime: '22:00:00', periodEndTime: '02:00:00' }, at, 'UTC')).toBe(true);
    expect(isActive(allDay, at, 'Not/AZone')).toBe(true);
  });

  it('reads postback replies', () => {
    expect(parsePostbackReply('<xml><message><status>1</status><text>Hello &lt;b&gt; &#233;</text></message></xml>')).toEqual({ status: 1, text: 'Hello <b> é' });
    expect(parsePostbackReply('<xml><status>0</status></xml>')).toEqual({ status: 0, text: '' });
    expect(parsePostbackReply('<xml><message><status>2</status></message></xml>')).toBeUndefined();
    expect(parsePostbackReply('status 1')).toBeUndefined();
    expect(legacyUtc('2026-11-22T10:11:12.345Z')).toBe('2026-11-22 10:11:12');
  });
});

describe('localParts', () => {
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago', 'Africa/Casablanca', 'Not/A_Zone'];
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (at: Date, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
      try {
        format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
      } catch {
        format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
      }
      formats.set(timeZone, format);
    }
    const parts = format.formatToParts(at);
    const get = (type: string) => parts.find((p) => p.type === type)?.value;
    return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
  };

  it('agrees with Intl through 2026, at the daylight-saving changes and on random instants since 1980', () => {
    const instants: number[] = [];
    // Every 2 h 17 min 13 s through 2026: instants at every offset within a quarter of an hour, in every period of every zone.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 8_233_000) instants.push(t);
    for (let i = 0; i < 300; i++) instants.push(Date.UTC(1980, 0, 1) + Math.floor(Math.random() * (Date.UTC(2090, 0, 1) - Date.UTC(1980, 0, 1))));
    instants.push(Date.UTC(1969, 6, 20, 20, 17, 40), Date.UTC(2026, 2, 29, 0, 59, 59, 999), Date.UTC(2026, 2, 29, 1, 0, 0));
    // Each change of 2026 in these zones, to the millisecond on both sides.
    for (const t of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 3, 4, 15), Date.UTC(2026, 9, 3, 15, 30), Date.UTC(2026, 3, 4, 14), Date.UTC(2026, 8, 26, 14)]) instants.push(t - 1, t, t + 1);
    const wrong: string[] = [];
    for (const zone of zones) {
      for (const t of instants) {
        const [ours, theirs] = [localParts(new Date(t), zone), intl(new Date(t), zone)];
        if (ours.date !== theirs.date || ours.time !== theirs.time) wrong.push(`${zone} ${new Date(t).toISOString()}: ${ours.date} ${ours.time} vs ${theirs.date} ${theirs.time}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
