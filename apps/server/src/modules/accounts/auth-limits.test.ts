import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { RateCountersRepo } from '../../platform/rate-limit/rate-counters.repo.js';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { awayFromWindowBoundary, signUpVerified, uniqueEmail } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AuthService, SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR } from './auth.service.js';

const PER_MINUTE = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP_PER_MINUTE: String(PER_MINUTE) });
});
afterAll(async () => {
  await t.close();
});

/** POSTs to a V2 route from a given client address. */
async function from(ip: string, path: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload: body, remoteAddress: ip });
  return { status: res.statusCode, body: res.json<{ error?: string }>(), retryAfter: res.headers['retry-after'] };
}

/** The AppError a promise rejects with. */
async function rejection(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('auth/reset-password', () => {
  it('answers 429 LIMIT_MINUTE with retry-after once an address has spent its attempts for the minute', async () => {
    await awayFromWindowBoundary();
    for (let i = 0; i < PER_MINUTE; i++) {
      const bad = await from('198.51.100.7', 'auth/reset-password', { token: `not-a-real-token-${i}`, password: 'new password 1' });
      expect(bad.status).toBe(404);
    }
    const limited = await from('198.51.100.7', 'auth/reset-password', { token: 'not-a-real-token-x', password: 'new password 1' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('LIMIT_MINUTE');
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    // Another address is not held back.
    expect((await from('198.51.100.8', 'auth/reset-password', { token: 'not-a-real-token-y', password: 'new password 1' })).status).toBe(404);
  });
});

describe('auth/signup and known emails', () => {
  it(`answers CONFLICT for a known email ${SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR} times an hour per address, then 429 for every sign-up from it`, async () => {
    const known = await signUpVerified(t);
    let now = Date.parse('2030-01-01T00:00:00Z');
    const limiter = new RateLimiter(new RateCountersRepo(t.container.db.kysely), () => now);
    const auth = new AuthService({ accounts: t.container.repos.accounts, tokens: t.container.repos.tokens, mailer: t.container.mailer, limiter, twoFactor: t.container.twoFactor, config: t.config });
    const input = (email: string) => ({ companyName: 'Probe Co', name: 'Pro Be', email, password: 'correct horse battery' });
    for (let i = 0; i < SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR; i++) expect((await rejection(auth.signUp(input(known.email), '203.0.113.9'))).code).toBe('CONFLICT');
    const limited = await rejection(auth.signUp(input(known.email), '203.0.113.9'));
    expect(limited.code).toBe('LIMIT_MINUTE');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    // Past the allowance an unknown email is held back too, so the answer says nothing about it.
    expect((await rejection(auth.signUp(input(uniqueEmail('fresh')), '203.0.113.9'))).code).toBe('LIMIT_MINUTE');
    // Another address still gets the CONFLICT the web app needs for /confirm-multi-account.
    expect((await rejection(auth.signUp(input(known.email), '203.0.113.10'))).code).toBe('CONFLICT');
    // A confirmed second company is not a probe and is never held back.
    expect((await auth.signUp({ ...input(known.email), confirmMultiAccount: true }, '203.0.113.9')).accountId).toBeGreaterThan(0);
    now += 3600 * 1000;
    expect((await rejection(auth.signUp(input(known.email), '203.0.113.9'))).code).toBe('CONFLICT');
  });

  it('goes through HTTP with the caller address (CONFLICT, then 429 with retry-after)', async () => {
    const known = await signUpVerified(t);
    // The calls below must fall in one clock hour (the window of this allowance).
    await awayFromWindowBoundary(10, 3600);
    const body = { companyName: 'Probe Co', name: 'Pro Be', email: known.email, password: 'correct horse battery', confirmMultiAccount: false };
    const first = await from('203.0.113.50', 'auth/signup', body);
    expect(first.status).toBe(409);
    expect(first.body.error).toBe('CONFLICT');
    // Fill the rest of this address's allowance for the current hour directly, then ask once more.
    for (let i = 1; i < SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR; i++) await t.container.limiter.hit('signup-known:ip:203.0.113.50', 3600, SIGNUP_KNOWN_EMAIL_PER_IP_PER_HOUR);
    const limited = await from('203.0.113.50', 'auth/signup', body);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('LIMIT_MINUTE');
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
  });
});
