import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateCountersRepo } from '../../platform/rate-limit/rate-counters.repo.js';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { awayFromWindowBoundary, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { account, expectCode, ok } from '../services/scan-config.test-helpers.js';
import { AppUsersService, FOREIGN_TAKEN_PER_HOUR, VALIDATE_FAILURES_ALLOWED, VALIDATE_WINDOW_SECONDS } from './app-users.service.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof account>>;
let b: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await account(t, 'Alpha Gates');
  b = await account(t, 'Beta Gates');
});
afterAll(async () => {
  await t.close();
});

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<CodedError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedError);
  return error as CodedError;
}

describe('users/validate lockout', () => {
  it(`answers 111 once ${VALIDATE_FAILURES_ALLOWED} wrong passwords for one username, then even to the right one; other names and accounts are not affected`, async () => {
    // At most about 10 s of wait, well inside the 30 s a test may take (the calls below take under a second).
    await awayFromWindowBoundary(10, VALIDATE_WINDOW_SECONDS);
    ok(await a.call('users', 'create', { username: 'lock-me', password: 'right-pass' }));
    ok(await a.call('users', 'create', { username: 'bystander', password: 'right-pass' }));
    for (let i = 0; i < VALIDATE_FAILURES_ALLOWED - 1; i++) expectCode(await a.call('users', 'validate', { username: 'lock-me', password: `wrong-${i}` }), 300);
    // The right password still works before the limit; it does not reset the count.
    ok(await a.call('users', 'validate', { username: 'LOCK-ME', password: 'right-pass' }));
    expectCode(await a.call('users', 'validate', { username: 'lock-me', password: 'wrong-last' }), 300);
    const locked = await a.call('users', 'validate', { username: 'lock-me', password: 'right-pass' });
    expectCode(locked, 111);
    expect(locked.raw).toMatch(/Too many wrong passwords/);
    // Another username of the account, and the same name asked by another account, are separate.
    ok(await a.call('users', 'validate', { username: 'bystander', password: 'right-pass' }));
    expectCode(await b.call('users', 'validate', { username: 'lock-me', password: 'right-pass' }), 300);
  });

  it('lets the right password in again once the window has passed', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const limiter = new RateLimiter(new RateCountersRepo(t.container.db.kysely), () => now);
    const real = t.container.scanConfig.appUsers;
    const service = new AppUsersService(real.repo, t.container.mailer, t.config.publicUrl, limiter);
    const id = await service.create(a.accountId, { username: 'clocked', password: 'right-pass' });
    for (let i = 0; i < VALIDATE_FAILURES_ALLOWED; i++) expect((await rejection(service.validate(a.accountId, 'clocked', 'nope'))).legacyCode).toBe(300);
    expect((await rejection(service.validate(a.accountId, 'clocked', 'nope'))).legacyCode).toBe(111);
    now += (VALIDATE_WINDOW_SECONDS - 1) * 1000;
    expect((await rejection(service.validate(a.accountId, 'clocked', 'right-pass'))).legacyCode).toBe(111);
    now += 1000;
    expect((await service.validate(a.accountId, 'clocked', 'right-pass')).id).toBe(id);
  });

  it('leaves the scanner sign-in to its own limits (a locked legacy name still signs in there)', async () => {
    let now = Date.parse('2030-02-01T00:00:00Z');
    const service = new AppUsersService(t.container.scanConfig.appUsers.repo, t.container.mailer, t.config.publicUrl, new RateLimiter(new RateCountersRepo(t.container.db.kysely), () => now));
    await service.create(a.accountId, { username: 'scanner-only', password: 'right-pass' });
    for (let i = 0; i < VALIDATE_FAILURES_ALLOWED; i++) await rejection(service.validate(a.accountId, 'scanner-only', 'nope'));
    expect((await rejection(service.validate(a.accountId, 'scanner-only', 'right-pass'))).legacyCode).toBe(111);
    now += 1;
    expect((await service.checkCredentials(a.accountId, 'scanner-only', 'right-pass')).username).toBe('scanner-only');
  });
});

describe('username availability is scoped to the account', () => {
  it("does not tell whether another account (or another owner's email) holds a name", async () => {
    ok(await a.call('users', 'create', { username: 'alpha-only', password: 'pass1234' }));
    // The caller's own names are taken, in both APIs.
    expectCode(await a.call('users', 'available', { username: 'ALPHA-ONLY' }), 320);
    expect((await v2(t.app, 'appusers/available', { username: 'alpha-only' }, a.token)).body).toEqual({ available: false });
    expect((await v2(t.app, 'appusers/available', { username: a.email }, a.token)).body).toEqual({ available: false });
    // Account B cannot learn that alpha-only, or A's owner email, exists.
    ok(await b.call('users', 'available', { username: 'alpha-only' }));
    ok(await b.call('users', 'available', { username: a.email }));
    expect((await v2(t.app, 'appusers/available', { username: 'alpha-only' }, b.token)).body).toEqual({ available: true });
    expect((await v2(t.app, 'appusers/available', { username: a.email }, b.token)).body).toEqual({ available: true });
    expect((await v2(t.app, 'appusers/available', { username: uniqueEmail('nobody') }, b.token)).body).toEqual({ available: true });
  });

  it(`still refuses to create a name another account holds (320), ${FOREIGN_TAKEN_PER_HOUR} times an hour, then 111 for every such name`, async () => {
    let now = Date.parse('2030-03-01T00:00:00Z');
    const service = new AppUsersService(t.container.scanConfig.appUsers.repo, t.container.mailer, t.config.publicUrl, new RateLimiter(new RateCountersRepo(t.container.db.kysely), () => now));
    for (let i = 0; i < FOREIGN_TAKEN_PER_HOUR; i++) expect((await rejection(service.create(b.accountId, { username: 'alpha-only', password: 'pass1234' }))).legacyCode).toBe(320);
    expect((await rejection(service.create(b.accountId, { username: 'alpha-only', password: 'pass1234' }))).legacyCode).toBe(111);
    // Free names and the account's own names are not held back.
    expect(await service.create(b.accountId, { username: 'beta-free', password: 'pass1234' })).toBeGreaterThan(0);
    expect((await rejection(service.create(b.accountId, { username: 'beta-free', password: 'pass1234' }))).legacyCode).toBe(320);
    now += 3600 * 1000;
    expect((await rejection(service.create(b.accountId, { username: 'alpha-only', password: 'pass1234' }))).legacyCode).toBe(320);
  });
});
