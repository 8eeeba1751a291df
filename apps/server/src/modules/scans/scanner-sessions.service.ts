import { scannerSpecialized } from '../specialized/specialized-runtime.js';
import type { AppQuestion, AppService, ValidationMethod } from '@scanbase/contracts';
import type { AppSession } from '../../platform/auth/session.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import { nowIso } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import type { AppUsersService } from '../app-users/app-users.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import { parseStoredSettings } from '../services/service-settings.js';
import type { AppServiceRow, ScannerSessionsRepo } from './scanner-sessions.repo.js';

const TOKEN_DAYS = 90;
/** Device limits count the devices used within a billing period (30 days). */
const DEVICE_PERIOD_MS = 30 * 86_400_000;
/** App tokens are looked up on every scan; a resolved token is trusted this long (like API keys). */
const CACHE_MS = 2_000;

type Signed = { token: string; user: { id: number; username: string }; device: { id: number; udid: string; name: string }; services: AppService[] };

/** App users signing in on devices (the scanner API): tokens, device limits, the services they may use. */
export class ScannerSessionsService {
  private readonly cache = new Map<string, { session: AppSession; until: number }>();

  constructor(
    private readonly deps: {
      repo: ScannerSessionsRepo;
      appUsers: AppUsersService;
      devices: DevicesService;
      accounts: AccountsRepo;
      limiter: RateLimiter;
      limits: { signinPerIpPerMinute: number; signinPerEmailPerHour: number };
      /** True when the account's app users must sign in by single sign-on (docs/SSO.md); the owner's app user is exempt. */
      requiresAppSso?: (accountId: number) => Promise<boolean>;
    },
  ) {}

  /** Finds the app user for a username: an owner who never used the scanner gets their app user now. */
  private async findUser(username: string) {
    const key = username.trim().toLowerCase();
    const found = await this.deps.appUsers.repo.findByUsernameKey(key);
    if (found) return found;
    const admins = await this.deps.accounts.findAdminsByEmail(key);
    if (admins.length !== 1) return undefined;
    await this.deps.appUsers.ensureOwner(admins[0]!.account_id);
    return this.deps.appUsers.repo.findByUsernameKey(key);
  }

  /** Checks credentials and the device limit, binds the device and answers a new app token. */
  async signIn(input: { username: string; password: string; udid: string; deviceName: string }, ip: string): Promise<Signed> {
    const [perIp, perName] = await this.deps.limiter.hitAll([
      { bucket: `app-signin:ip:${ip}`, windowSeconds: 60, limit: this.deps.limits.signinPerIpPerMinute },
      { bucket: `app-signin:user:${input.username.trim().toLowerCase()}`, windowSeconds: 3600, limit: this.deps.limits.signinPerEmailPerHour },
    ]);
    const limited = [perIp, perName].find((d) => d && !d.allowed);
    if (limited) throw new AppError('LIMIT_MINUTE', 'Too many sign-in attempts. Please wait and try again.', undefined, limited.retryAfterSeconds);

    const user = await this.findUser(input.username);
    if (!user) throw new AppError('AUTH_FAILED', 'Invalid username or password.');
    try {
      await this.deps.appUsers.checkCredentials(user.account_id, input.username, input.password);
    } catch (error) {
      if (error instanceof CodedError) throw new AppError('AUTH_FAILED', 'Invalid username or password.');
      throw error;
    }
    if (user.is_owner !== 1 && (await this.deps.requiresAppSso?.(user.account_id))) {
      throw new AppError('FORBIDDEN', 'Your company signs in with single sign-on: choose “Sign in with SSO” (your company’s sign-in) instead of the password.');
    }
    return this.issue(user, input.udid, input.deviceName);
  }

  /**
   * Binds the device within the user's device limit and answers a new app token: after a password (signIn) or after
   * the identity provider vouched for the user (single sign-on).
   */
  async issue(user: { id: number; account_id: number; username: string; device_limit: number | null }, udid: string, deviceName: string): Promise<Signed> {
    const input = { udid, deviceName };
    const accountId = user.account_id;
    const deviceId = await this.deps.devices.register(accountId, input.udid, input.deviceName, user.id);
    const now = nowIso();
    const since = new Date(Date.now() - DEVICE_PERIOD_MS).toISOString();
    if (user.device_limit !== null && !(await this.deps.repo.usedDevice(accountId, user.id, deviceId, since))) {
      const others = await this.deps.repo.otherDevicesSince(accountId, user.id, deviceId, since);
      if (others >= user.device_limit) {
        throw new AppError('FORBIDDEN', `${user.username} may scan on at most ${user.device_limit} device${user.device_limit === 1 ? '' : 's'} within 30 days, and has reached that limit. An administrator can raise the limit.`);
      }
    }
    await this.deps.repo.touchDevice(accountId, user.id, deviceId, now);
    const token = newSecret();
    await this.deps.repo.insertToken({ hash: hashSecret(token), accountId, appUserId: user.id, deviceId, createdAt: now, expiresAt: new Date(Date.now() + TOKEN_DAYS * 86_400_000).toISOString() });
    const [device] = await this.deps.devices.resolve(accountId, [deviceId]);
    return { token, user: { id: user.id, username: user.username }, device: { id: deviceId, udid: device!.udid, name: device!.name }, services: await this.services(accountId, user.id) };
  }

  /** The session behind an app token (cached briefly: it is read on every scan). */
  async resolve(token: string): Promise<AppSession | undefined> {
    const hash = hashSecret(token);
    const hit = this.cache.get(hash);
    const now = Date.now();
    if (hit && hit.until > now) return hit.session;
    const row = await this.deps.repo.findToken(hash);
    if (!row || row.expires_at <= new Date(now).toISOString()) {
      this.cache.delete(hash);
      return undefined;
    }
    const session = { tokenId: row.id, accountId: row.account_id, appUserId: row.app_user_id, deviceId: row.device_id, username: row.username };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { session, until: now + CACHE_MS });
    return session;
  }

  /** The device an app token was issued on. */
  async device(session: AppSession): Promise<{ id: number; udid: string; name: string }> {
    const [d] = await this.deps.devices.resolve(session.accountId, [session.deviceId]);
    return { id: d!.id, udid: d!.udid, name: d!.name };
  }

  async signOut(session: AppSession): Promise<void> {
    await this.deps.repo.deleteToken(session.tokenId);
    for (const [hash, entry] of this.cache) if (entry.session.tokenId === session.tokenId) this.cache.delete(hash);
  }

  /** The services an app user may use, with their questions in order. */
  async services(accountId: number, appUserId: number): Promise<AppService[]> {
    const rows = await this.deps.repo.servicesFor(accountId, appUserId, await this.deps.repo.isOwner(accountId, appUserId));
    const questions = await this.deps.repo.questionsOf(accountId, rows.map((r) => r.id));
    const choices = await this.deps.repo.choicesOf(accountId, [...new Set(questions.map((q) => q.question_id))]);
    return rows.map((r) => toAppService(r, questions.filter((q) => q.service_id === r.id).map((q) => ({ id: q.question_id, text: q.text, type: q.type as AppQuestion['type'], condition: q.condition as AppQuestion['condition'], required: q.required === 1, answers: choices.filter((c) => c.question_id === q.question_id).map((c) => c.text) }))));
  }

  /** One page of an on-device service's database, or `unchanged` when the device already has this version. */
  async database(session: AppSession, q: { serviceId: number; since?: string | undefined; offset: number; limit: number }) {
    const service = (await this.services(session.accountId, session.appUserId)).find((s) => s.id === q.serviceId);
    if (!service) throw new AppError('NOT_FOUND', 'This service does not exist or you may not use it.');
    if (service.databaseId === null) throw new AppError('CONFLICT', 'This service does not validate against a database.');
    const v = await this.deps.repo.databaseVersion(session.accountId, service.databaseId);
    if (!v) throw new AppError('NOT_FOUND', 'The database of this service no longer exists.');
    const version = `${v.updated_at}|${v.n}|${v.max_id ?? 0}`;
    if (q.since === version) return { version, unchanged: true, total: v.n, values: [], nextOffset: null };
    const values = await this.deps.repo.databaseValues(session.accountId, service.databaseId, q.offset, q.limit);
    const next = q.offset + values.length;
    return { version, unchanged: false, total: v.n, values, nextOffset: next < v.n && values.length > 0 ? next : null };
  }
}

function toAppService(r: AppServiceRow, questions: AppQuestion[]): AppService {
  const s = parseStoredSettings(r.settings);
  return {
    id: r.id, name: r.name, validationMethod: r.validation_method as ValidationMethod, description: r.description, databaseId: r.database_id,
    symbologies: s.symbologies, enableGps: s.enableGps, autoNextScan: s.autoNextScan, autoNextScanDelay: s.autoNextScanDelay, blockCameraScan: s.blockCameraScan, blockManualScan: s.blockManualScan,
    questions,
    specialized: scannerSpecialized(r.specialized_type, r.type_settings),
  };
}
