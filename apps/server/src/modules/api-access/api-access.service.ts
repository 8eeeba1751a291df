import type { ApiKey, ApiLogEntry } from '@scanbase/contracts';
import type { Config } from '../../config.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyGate } from '../../platform/http/legacy/legacy-types.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { ApiAccessRepo, ApiKeyRow } from './api-access.repo.js';
import { isAllowed, normaliseAllowEntry } from './ip-allow-list.js';

const KEY_PREFIX = 'sb_';
// last_used_at is a display hint; writing it at most once a minute keeps the hot path read-only.
const TOUCH_EVERY_MS = 60_000;
const SETTINGS_CACHE_MS = 2000;
// A revoked key stops working at once in the process that revoked it, and within 2 s elsewhere.
const KEY_CACHE_MS = 2000;
// The API log is written in batches: one INSERT per 250 ms or 200 calls instead of one per call.
// A crash can lose at most the last quarter second of log lines, never a call's effect.
const LOG_FLUSH_MS = 250;
const LOG_BATCH = 200;

type ApiLogInput = { accountId: number; apiKeyId: number; section: string; action: string; ip: string; status: 0 | 1; errorCode: number | null; durationMs: number; at?: string };

function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

type ApiSettings = { allowList: string[]; perMinute: number; perDay: number; api: boolean };

/** The account's plan: its API limits (-1: none, the install's defaults apply) and whether API keys work (modules/billing). */
export type ApiPlan = { apiPlan(accountId: number): Promise<{ perMinute: number; perDay: number; api: boolean }> };

/** API keys, the IP allow-list, call limits (legacy 111/113) and the API log. */
export class ApiAccessService implements LegacyGate {
  private readonly touched = new Map<number, number>();
  private readonly settingsCache = new Map<number, { value: ApiSettings; at: number }>();
  private readonly pendingLog: ApiLogInput[] = [];
  private readonly keyCache = new Map<string, { accountId: number; apiKeyId: number; at: number }>();
  private logTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: ApiAccessRepo,
    private readonly limiter: RateLimiter,
    private readonly defaults: Config['limits'],
    private readonly bus?: EventBus,
    private readonly plan?: ApiPlan,
  ) {}

  async createKey(accountId: number, name: string): Promise<{ key: ApiKey; secret: string }> {
    const secret = `${KEY_PREFIX}${newSecret()}`;
    const row = await this.repo.insertKey(accountId, { name, keyHash: hashSecret(secret), prefix: secret.slice(0, KEY_PREFIX.length + 6) });
    return { key: toApiKey(row), secret };
  }

  async listKeys(accountId: number): Promise<ApiKey[]> {
    return (await this.repo.listKeys(accountId)).map(toApiKey);
  }

  async renameKey(accountId: number, id: number, name: string): Promise<ApiKey> {
    const row = await this.repo.renameKey(accountId, id, name);
    if (!row) throw new AppError('NOT_FOUND', 'No such API key.');
    return toApiKey(row);
  }

  async revokeKey(accountId: number, id: number): Promise<void> {
    if (!(await this.repo.revokeKey(accountId, id))) throw new AppError('NOT_FOUND', 'No such API key.');
    for (const [hash, entry] of this.keyCache) if (entry.apiKeyId === id) this.keyCache.delete(hash);
  }

  async getAllowList(accountId: number): Promise<string[]> {
    return (await this.settings(accountId)).allowList;
  }

  async setAllowList(accountId: number, entries: string[]): Promise<string[]> {
    const normalised: string[] = [];
    const problems: { path: string; message: string }[] = [];
    entries.forEach((entry, i) => {
      try {
        normalised.push(normaliseAllowEntry(entry));
      } catch (error) {
        problems.push({ path: `entries.${i}`, message: (error as Error).message });
      }
    });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', 'Some entries are not IP addresses or CIDR ranges.', problems);
    const unique = [...new Set(normalised)];
    await this.repo.setAllowList(accountId, unique);
    this.settingsCache.delete(accountId);
    return unique;
  }

  async listLog(accountId: number, q: { page: number; limit: number; section?: string | undefined; status?: number | undefined; apiKeyId?: number | undefined }): Promise<{ items: ApiLogEntry[]; total: number; page: number; limit: number }> {
    await this.flushLog();
    const { rows, total } = await this.repo.listLog(accountId, { offset: (q.page - 1) * q.limit, limit: q.limit, section: q.section, status: q.status, apiKeyId: q.apiKeyId });
    return {
      items: rows.map((r) => ({ id: r.id, createdAt: r.created_at, apiKeyId: r.api_key_id, section: r.section, action: r.action, ip: r.ip, status: r.status, errorCode: r.error_code, durationMs: r.duration_ms })),
      total,
      page: q.page,
      limit: q.limit,
    };
  }

  private async settings(accountId: number): Promise<ApiSettings> {
    const cached = this.settingsCache.get(accountId);
    if (cached && Date.now() - cached.at < SETTINGS_CACHE_MS) return cached.value;
    const row = await this.repo.getApiSettings(accountId);
    const plan = this.plan ? await this.plan.apiPlan(accountId) : undefined;
    // The account's own limit, else its plan's, else the install's default.
    const value: ApiSettings = {
      allowList: row ? (JSON.parse(row.ip_allowlist) as string[]) : [],
      perMinute: row?.api_limit_minute ?? (plan && plan.perMinute >= 0 ? plan.perMinute : this.defaults.apiPerMinute),
      perDay: row?.api_limit_day ?? (plan && plan.perDay >= 0 ? plan.perDay : this.defaults.apiPerDay),
      api: plan?.api ?? true,
    };
    this.settingsCache.set(accountId, { value, at: Date.now() });
    return value;
  }

  /** Minute and day limits with what is left (-1 means unlimited), for limits/retrieve. */
  async limits(accountId: number): Promise<{ minute: { left: number; limit: number }; day: { left: number; limit: number } }> {
    const s = await this.settings(accountId);
    const [minuteUsed = 0, dayUsed = 0] = await this.limiter.usedAll([
      { bucket: `api:${accountId}`, windowSeconds: 60 },
      { bucket: `api:${accountId}`, windowSeconds: 86_400 },
    ]);
    const left = (limit: number, used: number) => (limit < 0 ? -1 : Math.max(0, limit - used));
    return { minute: { left: left(s.perMinute, minuteUsed), limit: s.perMinute }, day: { left: left(s.perDay, dayUsed), limit: s.perDay } };
  }

  /** Calls used this minute and today against the effective limits (-1: unlimited), for the plan's usage page. */
  async usage(accountId: number): Promise<{ minute: { used: number; limit: number }; day: { used: number; limit: number } }> {
    const s = await this.settings(accountId);
    const [minuteUsed = 0, dayUsed = 0] = await this.limiter.usedAll([
      { bucket: `api:${accountId}`, windowSeconds: 60 },
      { bucket: `api:${accountId}`, windowSeconds: 86_400 },
    ]);
    return { minute: { used: minuteUsed, limit: s.perMinute }, day: { used: dayUsed, limit: s.perDay } };
  }

  // LegacyGate

  async resolveApiKey(key: string): Promise<{ accountId: number; apiKeyId: number } | undefined> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return undefined;
    const keyHash = hashSecret(key);
    const cached = this.keyCache.get(keyHash);
    if (cached && Date.now() - cached.at < KEY_CACHE_MS) return { accountId: cached.accountId, apiKeyId: cached.apiKeyId };
    const row = await this.repo.findKeyByHash(keyHash);
    if (!row) return undefined;
    if (this.keyCache.size > 10_000) this.keyCache.clear();
    this.keyCache.set(keyHash, { accountId: row.account_id, apiKeyId: row.id, at: Date.now() });
    const last = this.touched.get(row.id) ?? 0;
    if (Date.now() - last > TOUCH_EVERY_MS) {
      this.touched.set(row.id, Date.now());
      await this.repo.touchKey(row.id);
    }
    return { accountId: row.account_id, apiKeyId: row.id };
  }

  async admitApiKeyCall(accountId: number, ip: string): Promise<void> {
    const s = await this.settings(accountId);
    if (!isAllowed(ip, s.allowList)) throw new LegacyError(10, `Calls with this API key are not allowed from ${ip}.`);
    if (!s.api) throw new LegacyError(10, 'API access is not included in your plan. Change plan under My plan to use the API.');
    const [minute, day] = await this.limiter.hitAll([
      { bucket: `api:${accountId}`, windowSeconds: 60, limit: s.perMinute },
      { bucket: `api:${accountId}`, windowSeconds: 86_400, limit: s.perDay },
    ]);
    if (minute && !minute.allowed) throw new LegacyError(111);
    if (day && !day.allowed) throw new LegacyError(113);
  }

  /**
   * A key offered to a V2 route that admits keys (REST hooks, polling): resolved, then checked against its account's
   * IP allow-list and call limits like a legacy call (refused as V2 FORBIDDEN or LIMIT_MINUTE). Undefined when it is no key.
   */
  async admitV2Key(key: string, ip: string): Promise<{ accountId: number; apiKeyId: number } | undefined> {
    const found = await this.resolveApiKey(key);
    if (!found) return undefined;
    try {
      await this.admitApiKeyCall(found.accountId, ip);
    } catch (error) {
      if (!(error instanceof LegacyError)) throw error;
      if (error.code === 10) throw new AppError('FORBIDDEN', error.message);
      throw new AppError('LIMIT_MINUTE', error.code === 113 ? 'This API key has used up today’s calls.' : 'Too many calls with this API key. Please wait a minute and try again.');
    }
    return found;
  }

  async logApiKeyCall(entry: ApiLogInput): Promise<void> {
    this.pendingLog.push({ ...entry, at: new Date().toISOString() });
    if (this.pendingLog.length >= LOG_BATCH) await this.flushLog();
    else this.logTimer ??= setTimeout(() => void this.flushLog().catch(() => undefined), LOG_FLUSH_MS).unref();
  }

  /**
   * Writes buffered API-log entries in one statement (also called before listing and at shutdown), then tells each
   * account's open pages once per flush (`{topic: 'apilog'}`): at most 4 events a second per account, however busy.
   */
  async flushLog(): Promise<void> {
    if (this.logTimer) clearTimeout(this.logTimer);
    this.logTimer = undefined;
    const batch = this.pendingLog.splice(0, this.pendingLog.length);
    if (batch.length === 0) return;
    await this.repo.insertLogs(batch);
    if (!this.bus) return;
    for (const accountId of new Set(batch.map((entry) => entry.accountId))) await this.bus.publish({ accountId, topic: 'apilog' }).catch(() => undefined);
  }
}
