import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { PostbackAttempt } from '../scans/postback.js';

export type PostbackDeliveryRow = { id: number; service_id: number; scan_id: number | null; kind: 'validate' | 'forward'; ok: number; http_status: number | null; outcome: string; duration_ms: number; created_at: string };
export type PostbackServiceRow = { id: number; name: string; validation_method: string; postback_url: string; settings: string };
export type HookRow = { id: number; url: string; events: string; source: string; active: number; created_at: string };

/** How many attempts a service keeps in the postback log (older ones are deleted as new ones come). */
export const POSTBACK_LOG_KEEP = 200;

/** SQL of the integrations pages: the postback delivery log, REST hooks, and the polling fallback's newest objects. Every query is scoped to one account. */
export class IntegrationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one postback attempt; every 50th attempt of a service trims its log to the newest POSTBACK_LOG_KEEP. */
  async recordPostback(accountId: number, a: PostbackAttempt, at: string): Promise<void> {
    const row = await this.db
      .insertInto('postback_deliveries')
      .values({ account_id: accountId, service_id: a.serviceId, scan_id: a.scanId, url: a.url, kind: a.kind, ok: a.ok ? 1 : 0, http_status: a.httpStatus, outcome: a.outcome, duration_ms: a.durationMs, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.id % 50 !== 0) return;
    const cut = await this.db
      .selectFrom('postback_deliveries')
      .select('id')
      .where('account_id', '=', accountId)
      .where('service_id', '=', a.serviceId)
      .orderBy('id', 'desc')
      .offset(POSTBACK_LOG_KEEP)
      .limit(1)
      .executeTakeFirst();
    if (cut) await this.db.deleteFrom('postback_deliveries').where('account_id', '=', accountId).where('service_id', '=', a.serviceId).where('id', '<=', cut.id).execute();
  }

  /** The account's live services that have a postback URL. */
  async postbackServices(accountId: number): Promise<PostbackServiceRow[]> {
    return this.db
      .selectFrom('services')
      .select(['id', 'name', 'validation_method', 'postback_url', 'settings'])
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('postback_url', '!=', '')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The newest attempts of a service. */
  async recentPostbacks(accountId: number, serviceId: number, limit: number): Promise<PostbackDeliveryRow[]> {
    return this.db
      .selectFrom('postback_deliveries')
      .select(['id', 'service_id', 'scan_id', 'kind', 'ok', 'http_status', 'outcome', 'duration_ms', 'created_at'])
      .where('account_id', '=', accountId)
      .where('service_id', '=', serviceId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Per service since a time: attempts, failures, and the last success and failure. */
  async postbackStats(accountId: number, since: string): Promise<Map<number, { total: number; failed: number }>> {
    const rows = await this.db
      .selectFrom('postback_deliveries')
      .select((eb) => ['service_id', 'ok', eb.fn.countAll<number>().as('n')])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .groupBy(['service_id', 'ok'])
      .execute();
    const out = new Map<number, { total: number; failed: number }>();
    for (const r of rows) {
      const s = out.get(r.service_id) ?? { total: 0, failed: 0 };
      s.total += Number(r.n);
      if (r.ok === 0) s.failed += Number(r.n);
      out.set(r.service_id, s);
    }
    return out;
  }

  async lastPostback(accountId: number, serviceId: number, ok: boolean): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('postback_deliveries')
      .select('created_at')
      .where('account_id', '=', accountId)
      .where('service_id', '=', serviceId)
      .where('ok', '=', ok ? 1 : 0)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Webhook subscriptions made as REST hooks (`source` set), newest first. */
  async hooks(accountId: number, source?: string): Promise<HookRow[]> {
    let q = this.db.selectFrom('webhook_subscriptions').select(['id', 'url', 'events', 'source', 'active', 'created_at']).where('account_id', '=', accountId).where('source', '!=', '');
    if (source !== undefined) q = q.where('source', '=', source);
    return q.orderBy('id', 'desc').execute();
  }

  async hook(accountId: number, id: number): Promise<HookRow | undefined> {
    return this.db.selectFrom('webhook_subscriptions').select(['id', 'url', 'events', 'source', 'active', 'created_at']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  // ---- the polling fallback: newest first, after an id ----

  /** Newest first; `value` (exact) is answered from the (account_id, value) index. */
  async newestScans(accountId: number, q: { sinceId: number; serviceId?: number | undefined; value?: string | undefined; limit: number }) {
    let query = this.db
      .selectFrom('scans')
      .select(['id', 'service_id', 'value', 'status', 'response', 'app_user_id', 'device_id', 'upload_id', 'client_scan_id', 'scanned_at', 'received_at'])
      .where('account_id', '=', accountId)
      .where('id', '>', q.sinceId);
    if (q.serviceId !== undefined) query = query.where('service_id', '=', q.serviceId);
    if (q.value !== undefined) query = query.where('value', '=', q.value);
    return query.orderBy('id', 'desc').limit(q.limit).execute();
  }

  async newestUploads(accountId: number, q: { sinceId: number; serviceId?: number | undefined; limit: number }) {
    let query = this.db.selectFrom('uploads').select(['id', 'service_id', 'app_user_id', 'device_id', 'count']).where('account_id', '=', accountId).where('id', '>', q.sinceId);
    if (q.serviceId !== undefined) query = query.where('service_id', '=', q.serviceId);
    return query.orderBy('id', 'desc').limit(q.limit).execute();
  }

  async newestValues(accountId: number, q: { sinceId: number; limit: number }) {
    return this.db.selectFrom('db_values').select(['id', 'database_id', 'value', 'response', 'validity']).where('account_id', '=', accountId).where('id', '>', q.sinceId).orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** Task runs that finished successfully. */
  async newestTaskRuns(accountId: number, q: { sinceId: number; limit: number }) {
    return this.db
      .selectFrom('jobs')
      .select(['id', 'task_id', 'type', 'state', 'result', 'error', 'started_at', 'finished_at'])
      .where('account_id', '=', accountId)
      .where('type', 'like', 'task.%')
      .where('state', '=', 'succeeded')
      .where('id', '>', q.sinceId)
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute();
  }
}
