import { describe, expect, it } from 'vitest';
import { parsePostbackReply } from './postback.js';
import { fillVariables, isActive, legacyUtc, responseKind, rewrite } from './validation-rules.js';

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
