import { describe, expect, it, vi } from 'vitest';
import { checkColour } from '../ui/colour';
import { formatMoney } from '../ui/money';
import { CHUNK_REPORT_AFTER_MS, onChunkFailure, withChunkReporting } from './chunk-loading';
import { documentTitle, DEFAULT_TITLE } from './layout/titles';
import { rewritePercentQuery } from './percent-rewrite';
import { buildPath, toRouterPath } from './route-paths';

describe('percent rewrite (spec section 5)', () => {
  it('escapes a bare percent at the end or before an ampersand', () => {
    expect(rewritePercentQuery('?search=50%')).toBe('?search=50%25');
    expect(rewritePercentQuery('?a=5%&b=1')).toBe('?a=5%25&b=1');
    expect(rewritePercentQuery('?a=%&b=%')).toBe('?a=%25&b=%25');
  });

  it('leaves valid escapes and plain queries alone', () => {
    expect(rewritePercentQuery('?a=%20b&c=1')).toBeNull();
    expect(rewritePercentQuery('')).toBeNull();
  });
});

describe('colour validation (spec section 5)', () => {
  it.each(['#abc', '#abcd', '#AABBCC', '#aabbccdd', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(210, 50%, 40%)', 'hsla(210deg, 50%, 40%, .3)'])('accepts %s', (value) => {
    expect(checkColour(value)).toEqual({ valid: true });
  });

  it.each(['#ab', '#abcde', '#gggggg', '#aabbccd'])('rejects %s with a warning', (value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = checkColour(value);
    expect(result.valid).toBe(false);
    expect(result.warning).toContain('not a valid hex colour');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it.each(['blue', 'rgb(1,2)', 'hsl(1,2,3,4,5)', ''])('rejects %s without a hex warning', (value) => {
    expect(checkColour(value)).toEqual({ valid: false });
  });
});

describe('money (spec section 9)', () => {
  it('is a dollar sign and exactly two decimals', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.567)).toBe('$1234.57');
    expect(formatMoney(-3)).toBe('-$3.00');
  });
});

describe('titles', () => {
  it('uses the route title or the default generic title', () => {
    expect(documentTitle('Sign in')).toBe('Sign in · Scanbase');
    expect(documentTitle(undefined)).toBe(DEFAULT_TITLE);
    expect(DEFAULT_TITLE).toMatch(/barcode scanning, recording and validation/);
  });
});

describe('route paths', () => {
  it('converts spec paths for the router', () => {
    expect(toRouterPath('/resetpassword/{token}/')).toBe('/resetpassword/$token');
    expect(toRouterPath('/user/confirmemail/{role?}/{token}/')).toBe('/user/confirmemail/{-$role}/$token');
    expect(toRouterPath('/account/curated-services/{rest*}')).toBe('/account/curated-services/$');
  });

  it('fills parameters and drops an absent optional segment', () => {
    expect(buildPath('/user/confirmemail/{role?}/{token}/', { token: 'abc' })).toBe('/user/confirmemail/abc/');
    expect(buildPath('/user/confirmemail/{role?}/{token}/', { role: 'admin', token: 'a b' })).toBe('/user/confirmemail/admin/a%20b/');
    expect(() => buildPath('/account/users/{userId}/')).toThrow(/userId/);
  });
});

describe('chunk loading', () => {
  it('reports a chunk still loading after 120 seconds', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: Error[] = [];
    const stop = onChunkFailure((error) => seen.push(error));
    let resolve: (value: string) => void = () => undefined;
    const load = withChunkReporting(() => new Promise<string>((r) => (resolve = r)));
    const pending = load();
    vi.advanceTimersByTime(CHUNK_REPORT_AFTER_MS - 1);
    expect(seen).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(seen).toHaveLength(1);
    resolve('ok');
    await expect(pending).resolves.toBe('ok');
    stop();
    errors.mockRestore();
    vi.useRealTimers();
  });

  it('reports a chunk that fails to load, and not one that loads in time', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: Error[] = [];
    const stop = onChunkFailure((error) => seen.push(error));
    await expect(withChunkReporting(() => Promise.reject(new Error('404 chunk')))()).rejects.toThrow('404 chunk');
    await withChunkReporting(() => Promise.resolve(1))();
    expect(seen.map((e) => e.message)).toEqual(['404 chunk']);
    stop();
    errors.mockRestore();
  });
});
