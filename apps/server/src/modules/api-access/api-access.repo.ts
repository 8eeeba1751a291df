import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

export type ApiKeyRow = { id: number; account_id: number; name: string; prefix: string; created_at: string; last_used_at: string | null };
export type ApiLogRow = { id: number; created_at: string; api_key_id: number | null; section: string; action: string; ip: string; status: number; error_code: number | null; duration_ms: number };

const keyColumns = ['id', 'account_id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/** SQL for API keys, the API log and the per-account API settings (allow-list, limits). */
export class ApiAccessRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertKey(accountId: number, input: { name: string; keyHash: string; prefix: string }): Promise<ApiKeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({ account_id: accountId, name: input.name, key_hash: input.keyHash, prefix: input.prefix, created_at: nowIso(), last_used_at: null, revoked_at: null })
      .returning(keyColumns)
      .executeTakeFirstOrThrow();
  }

  async listKeys(accountId: number): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').select(keyColumns).where('account_id', '=', accountId).where('revoked_at', 'is', null).orderBy('id').execute();
  }

  async renameKey(accountId: number, id: number, name: string): Promise<ApiKeyRow | undefined> {
    return this.db.updateTable('api_keys').set({ name }).where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).returning(keyColumns).executeTakeFirst();
  }

  async revokeKey(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The live key with this hash, across all accounts (the key itself says which account). */
  async findKeyByHash(keyHash: string): Promise<{ id: number; account_id: number } | undefined> {
    return this.db.selectFrom('api_keys').select(['id', 'account_id']).where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  async touchKey(id: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', id).execute();
  }

  async getApiSettings(accountId: number): Promise<{ ip_allowlist: string; api_limit_minute: number | null; api_limit_day: number | null } | undefined> {
    return this.db.selectFrom('accounts').select(['ip_allowlist', 'api_limit_minute', 'api_limit_day']).where('id', '=', accountId).executeTakeFirst();
  }

  async setAllowList(accountId: number, entries: string[]): Promise<void> {
    await this.db.updateTable('accounts').set({ ip_allowlist: JSON.stringify(entries) }).where('id', '=', accountId).execute();
  }

  /** Writes many log entries in one statement; each entry names its own account. */
  async insertLogs(entries: { accountId: number; apiKeyId: number; section: string; action: string; ip: string; status: number; errorCode: number | null; durationMs: number; at?: string }[]): Promise<void> {
    await this.db
      .insertInto('api_log')
      .values(entries.map((e) => ({ account_id: e.accountId, api_key_id: e.apiKeyId, created_at: e.at ?? nowIso(), section: e.section, action: e.action, ip: e.ip, status: e.status, error_code: e.errorCode, duration_ms: e.durationMs })))
      .execute();
  }

  async listLog(accountId: number, q: { offset: number; limit: number; section?: string | undefined; status?: number | undefined; apiKeyId?: number | undefined }): Promise<{ rows: ApiLogRow[]; total: number }> {
    let query = this.db.selectFrom('api_log').where('account_id', '=', accountId);
    if (q.apiKeyId !== undefined) query = query.where('api_key_id', '=', q.apiKeyId);
    if (q.section !== undefined) query = query.where('section', '=', q.section);
    if (q.status !== undefined) query = query.where('status', '=', q.status);
    const [rows, count] = await Promise.all([
      query.select(['id', 'created_at', 'api_key_id', 'section', 'action', 'ip', 'status', 'error_code', 'duration_ms']).orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
