import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { jsonArrayRows, timestampType } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import { preparedText, type Slot } from '../../platform/db/prepared.js';
import { deliveryColumns, hotStatements, pendingBatchQuery, PENDING, type BatchRead, subscriptionColumns, type DeliveryRow, type DeliveryStatus, type HotStatements, type PendingDelivery, type SubscriptionRow } from './webhooks.statements.js';

export type { BatchRead, DeliveryRow, DeliveryStatus, PendingDelivery, SubscriptionRow } from './webhooks.statements.js';

/** What the emitter needs of an active subscription. */
export type ActiveSubscription = { id: number; events: string; service_ids: string };

/** What one attempt of a delivery gave, as the log keeps it. */
export type AttemptRecord = { id: number; status: DeliveryStatus; attempts: number; nextAttemptAt: string | null; httpStatus: number | null; responseBody: string | null; durationMs: number | null; error: string | null; finishedAt: string | null };

export type NewDelivery = {
  subscriptionId: number;
  messageId: string;
  eventType: string;
  payload: string;
  redeliveryOf?: number | null;
  createdAt: string;
  /** A delivery sent before it is recorded (the test ping): its one attempt. */
  sent?: { status: 'succeeded' | 'failed'; httpStatus: number | null; responseBody: string | null; durationMs: number; error: string | null; finishedAt: string };
};

/** One event's deliveries to several subscriptions: they share the message id, the type and the payload. */
export type NewEventDeliveries = { subscriptionIds: number[]; messageId: string; eventType: string; payload: string; createdAt: string };

/** SQL for webhook subscriptions and deliveries; every query is scoped to one account. */
export class WebhooksRepo {
  private readonly hot: HotStatements;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    hot?: HotStatements,
  ) {
    this.hot = hot ?? hotStatements(dialect);
  }

  /** Which database this is (deliveries recorded together share a commit on SQLite only). */
  get dialectName(): DialectName {
    return this.dialect;
  }

  /** This repo's queries through `db` instead (the caller's transaction). */
  on(db: Kysely<Database>): WebhooksRepo {
    return new WebhooksRepo(db, this.dialect, this.hot);
  }

  /** Runs `fn` in one transaction with a repo bound to it. */
  async transaction<T>(fn: (repo: WebhooksRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new WebhooksRepo(trx, this.dialect, this.hot)));
  }

  /** The account's active subscriptions, as the emitter matches events against them. */
  async active(accountId: number): Promise<ActiveSubscription[]> {
    return this.db.selectFrom('webhook_subscriptions').select(['id', 'events', 'service_ids']).where('account_id', '=', accountId).where('active', '=', 1).orderBy('id').execute();
  }

  async list(accountId: number): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('webhook_subscriptions').select(subscriptionColumns).where('account_id', '=', accountId).orderBy('id', 'desc').execute();
  }

  async get(accountId: number, id: number): Promise<SubscriptionRow | undefined> {
    return (await this.hot.get(this.db, { accountId, id }))[0];
  }

  /** The account's subscription ids as a subquery: waiting deliveries are then read subscription by subscription through the pending index. */
  private accountSubscriptionIds(accountId: number) {
    return this.db.selectFrom('webhook_subscriptions').select('id').where('account_id', '=', accountId);
  }

  /** Pending counts and the newest delivery of each of the account's subscriptions. */
  async summaries(accountId: number): Promise<{ pending: Map<number, number>; last: Map<number, { at: string; status: DeliveryStatus; httpStatus: number | null }> }> {
    const counts = await this.db
      .selectFrom('webhook_deliveries')
      .select(['subscription_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('account_id', '=', accountId)
      // Subscription by subscription through the pending index, not through every delivery of the account.
      .where('subscription_id', 'in', this.accountSubscriptionIds(accountId))
      .where('status', '=', PENDING)
      .groupBy('subscription_id')
      .execute();
    // Each subscription's newest delivery is its newest pending one (one probe of the pending index) or, when it is
    // newer, the newest one the sender finished (noted on the subscription, 0041): two candidates, the newer wins.
    const candidates = await this.db
      .selectFrom('webhook_deliveries as d')
      .select(['d.id', 'd.subscription_id', 'd.created_at', 'd.status', 'd.http_status'])
      .where('d.account_id', '=', accountId)
      .where('d.id', 'in', (eb) =>
        eb
          .selectFrom('webhook_subscriptions as s')
          .select((e) => e.selectFrom('webhook_deliveries as x').select((x) => x.fn.max('x.id').as('id')).whereRef('x.subscription_id', '=', 's.id').where('x.status', '=', PENDING).as('id'))
          .where('s.account_id', '=', accountId)
          .union(eb.selectFrom('webhook_subscriptions').select('last_delivery_id as id').where('account_id', '=', accountId)),
      )
      .execute();
    const newest = new Map<number, (typeof candidates)[number]>();
    for (const r of candidates) if ((newest.get(r.subscription_id)?.id ?? 0) < r.id) newest.set(r.subscription_id, r);
    return {
      pending: new Map(counts.map((c) => [c.subscription_id, Number(c.n)])),
      last: new Map([...newest.values()].map((r) => [r.subscription_id, { at: r.created_at, status: r.status, httpStatus: r.http_status }])),
    };
  }

  async insert(accountId: number, v: { url: string; description: string; events: string; serviceIds: string; active: boolean; secret: string; now: string; source?: string }): Promise<SubscriptionRow> {
    return this.db
      .insertInto('webhook_subscriptions')
      .values({
        account_id: accountId,
        url: v.url,
        description: v.description,
        events: v.events,
        service_ids: v.serviceIds,
        active: v.active ? 1 : 0,
        paused_reason: v.active ? null : 'manual',
        secret: v.secret,
        previous_secret: null,
        previous_secret_until: null,
        failing_since: null,
        drain_job_id: null,
        drain_until: null,
        source: v.source ?? '',
        created_at: v.now,
        updated_at: v.now,
      })
      .returning(subscriptionColumns)
      .executeTakeFirstOrThrow();
  }

  /** Changes the given fields; answers false when there is no such subscription in the account. */
  async update(
    accountId: number,
    id: number,
    patch: Partial<Pick<SubscriptionRow, 'url' | 'description' | 'events' | 'service_ids' | 'active' | 'paused_reason' | 'failing_since' | 'secret' | 'previous_secret' | 'previous_secret_until'>> & { updated_at: string },
  ): Promise<boolean> {
    const r = await this.db.updateTable('webhook_subscriptions').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a subscription and its deliveries; answers false when there is none. */
  async delete(accountId: number, id: number): Promise<boolean> {
    return this.transaction(async (repo) => {
      // From its first delivery on: the account's older deliveries are not read.
      const range = await repo.subscriptionRange(accountId, id);
      if (range) await repo.db.deleteFrom('webhook_deliveries').where('account_id', '=', accountId).where('id', '>=', range.lo).where('subscription_id', '=', id).execute();
      const r = await repo.db.deleteFrom('webhook_subscriptions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /**
   * The ids a subscription's deliveries lie between: the first and newest it finished (0041) and its pending ones
   * (pending index); null when it has none. Deliveries of other subscriptions lie between them too.
   */
  private async subscriptionRange(accountId: number, subscriptionId: number): Promise<{ lo: number; hi: number } | null> {
    const r = await this.db
      .selectFrom('webhook_subscriptions as s')
      .select([
        's.first_delivery_id',
        's.last_delivery_id',
        (eb) => eb.selectFrom('webhook_deliveries as p').select((p) => p.fn.min('p.id').as('v')).whereRef('p.subscription_id', '=', 's.id').where('p.status', '=', PENDING).as('pending_lo'),
        (eb) => eb.selectFrom('webhook_deliveries as p').select((p) => p.fn.max('p.id').as('v')).whereRef('p.subscription_id', '=', 's.id').where('p.status', '=', PENDING).as('pending_hi'),
      ])
      .where('s.account_id', '=', accountId)
      .where('s.id', '=', subscriptionId)
      .executeTakeFirst();
    const ends = [r?.first_delivery_id, r?.last_delivery_id, r?.pending_lo, r?.pending_hi].filter((v) => v !== null && v !== undefined).map(Number);
    return ends.length === 0 ? null : { lo: Math.min(...ends), hi: Math.max(...ends) };
  }

  /** Inserts deliveries, each with an event of its own (a test ping, "send again"); answers their ids in order. */
  async insertDeliveries(accountId: number, rows: NewDelivery[]): Promise<number[]> {
    const ids: number[] = [];
    for (const r of rows) {
      const [event] = await this.hot.insertEvent(this.db, { accountId, payload: r.payload, createdAt: r.createdAt });
      const inserted = await this.db
        .insertInto('webhook_deliveries')
        .values({
          account_id: accountId,
          subscription_id: r.subscriptionId,
          message_id: r.messageId,
          event_type: r.eventType,
          event_id: event!.id,
          status: r.sent?.status ?? ('pending' as const),
          attempts: r.sent ? 1 : 0,
          next_attempt_at: null,
          http_status: r.sent?.httpStatus ?? null,
          response_body: r.sent?.responseBody ?? null,
          duration_ms: r.sent?.durationMs ?? null,
          error: r.sent?.error ?? null,
          redelivery_of: r.redeliveryOf ?? null,
          created_at: r.createdAt,
          finished_at: r.sent?.finishedAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.id);
      if (r.sent) await this.noteFinished(accountId, r.subscriptionId, [{ id: inserted.id, status: r.sent.status }]);
    }
    return ids;
  }

  /** Inserts events and their pending deliveries: the payload once, then one statement for the deliveries of each event. */
  async insertEvents(accountId: number, events: NewEventDeliveries[]): Promise<void> {
    for (const e of events) {
      if (e.subscriptionIds.length === 0) continue;
      const [event] = await this.hot.insertEvent(this.db, { accountId, payload: e.payload, createdAt: e.createdAt });
      await this.hot.insertEventDeliveries(this.db, { accountId, eventId: event!.id, subscriptionIds: JSON.stringify(e.subscriptionIds.map((id) => [id])), messageId: e.messageId, eventType: e.eventType, createdAt: e.createdAt });
    }
  }

  /** Of these subscriptions, the ones a delivery run is draining now (it sends new deliveries before it stops). */
  async draining(accountId: number, subscriptionIds: number[], now: string): Promise<Set<number>> {
    if (subscriptionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('webhook_subscriptions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', 'in', subscriptionIds)
      .where('drain_job_id', 'is not', null)
      .where('drain_until', '>', now)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Makes this job the one draining the subscription (free, expired, or already its own); answers whether it is. */
  async acquireDrain(accountId: number, id: number, jobId: number, until: string, now: string): Promise<boolean> {
    return (await this.hot.acquireDrain(this.db, { accountId, id, jobId, until, now })).length > 0;
  }

  /** Lets the subscription go, if this job still holds it. */
  async releaseDrain(accountId: number, id: number, jobId: number): Promise<void> {
    await this.db.updateTable('webhook_subscriptions').set({ drain_job_id: null, drain_until: null }).where('account_id', '=', accountId).where('id', '=', id).where('drain_job_id', '=', jobId).execute();
  }

  /** Makes the subscription's waiting deliveries due now (on resume: what waited is sent at once). */
  async dueNow(accountId: number, subscriptionId: number): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set({ next_attempt_at: null }).where('account_id', '=', accountId).where('subscription_id', '=', subscriptionId).where('status', '=', PENDING).execute();
  }

  /** The subscription's oldest pending delivery (the next one to send, in order): when it is due. */
  async nextPending(accountId: number, subscriptionId: number): Promise<Pick<DeliveryRow, 'id' | 'next_attempt_at'> | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'next_attempt_at'])
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', PENDING)
      .where('account_id', '=', accountId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The subscription's oldest pending deliveries after `afterId` (0: from the first), at most `limit`: the next ones to send, in order. */
  async pendingBatch(read: BatchRead): Promise<PendingDelivery[]> {
    return this.hot.pendingBatch(this.db, read);
  }

  /** The text of `pendingBatch` in this database's dialect, with its parameters' names, for another connection to run. */
  pendingBatchText(): { sql: string; slots: Slot[] } {
    const { query, slots } = preparedText(this.db, pendingBatchQuery, { accountId: 0, subscriptionId: 0, afterId: 0, limit: 0 });
    return { sql: query.sql, slots };
  }

  /**
   * Writes what the attempts of one batch gave, in one statement: an UPDATE joined to the rows' new values, sent as one
   * JSON parameter (one statement text for every batch size, nothing to build per row; SQLite 3.33+ and PostgreSQL
   * both take UPDATE ... FROM).
   */
  async recordAttempts(accountId: number, subscriptionId: number, list: AttemptRecord[]): Promise<void> {
    if (list.length === 0) return;
    // The rows and what is noted of them on the subscription change together (the run's batch is a transaction already).
    if (!this.db.isTransaction) return this.transaction((repo) => repo.recordAttempts(accountId, subscriptionId, list));
    const ts = sql.raw(timestampType(this.dialect));
    // The id range lets SQLite walk only the batch's part of the account's index (without it, it walks all of the account's deliveries).
    const ids = list.map((a) => a.id);
    const json = JSON.stringify(list.map((a) => [a.id, a.status, a.attempts, a.nextAttemptAt, a.httpStatus, a.responseBody, a.durationMs, a.error, a.finishedAt]));
    // MATERIALIZED: read the JSON once; inlined, SQLite reads all of it again for each row it updates (1 ms against 0.14 ms for 35 rows).
    // Only rows still pending change (a run whose lease ran out may log the same delivery twice), and the counts count what changed.
    const { rows } = await sql<{ id: number; status: DeliveryStatus }>`WITH v AS MATERIALIZED (
        SELECT CAST(j.value ->> 0 AS integer) AS id, j.value ->> 1 AS status, CAST(j.value ->> 2 AS integer) AS attempts, CAST(j.value ->> 3 AS ${ts}) AS next_attempt_at, CAST(j.value ->> 4 AS integer) AS http_status,
          j.value ->> 5 AS response_body, CAST(j.value ->> 6 AS integer) AS duration_ms, j.value ->> 7 AS error, CAST(j.value ->> 8 AS ${ts}) AS finished_at FROM ${jsonArrayRows(this.dialect, json, 'j')})
      UPDATE webhook_deliveries SET status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at, http_status = v.http_status, response_body = v.response_body, duration_ms = v.duration_ms, error = v.error, finished_at = v.finished_at
      FROM v
      WHERE webhook_deliveries.account_id = ${accountId} AND webhook_deliveries.id BETWEEN ${Math.min(...ids)} AND ${Math.max(...ids)} AND webhook_deliveries.id = v.id AND webhook_deliveries.status = ${PENDING}
      RETURNING webhook_deliveries.id, webhook_deliveries.status`.execute(this.db);
    await this.noteFinished(accountId, subscriptionId, rows);
  }

  /**
   * Notes on the subscription the deliveries that finished: its first and newest finished delivery (the page and the
   * log's range read them) and how many succeeded and failed (the log's totals).
   */
  private async noteFinished(accountId: number, subscriptionId: number, rows: { id: number; status: DeliveryStatus }[]): Promise<void> {
    const finished = rows.filter((r) => r.status !== 'pending');
    if (finished.length === 0) return;
    const ids = finished.map((r) => Number(r.id));
    const failed = finished.filter((r) => r.status === 'failed').length;
    await this.hot.noteFinished(this.db, { accountId, id: subscriptionId, first: Math.min(...ids), last: Math.max(...ids), succeeded: finished.length - failed, failed });
  }

  /**
   * Housekeeping across accounts: deletes delivered and failed deliveries created before the cutoff, then the events
   * of that age no delivery points at (an event's deliveries are made with it, so only pending ones can); answers how
   * many deliveries.
   */
  async deleteFinishedBefore(cutoff: string): Promise<number> {
    if (!this.db.isTransaction) return this.transaction((repo) => repo.deleteFinishedBefore(cutoff));
    // What each subscription loses, taken off its counts in the same transaction.
    const gone = await this.db
      .selectFrom('webhook_deliveries')
      .select(['subscription_id', (eb) => eb.fn.sum<number | string>(eb.case().when('status', '=', 'succeeded').then(1).else(0).end()).as('succeeded'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['succeeded', 'failed'])
      .where('created_at', '<', cutoff)
      .groupBy('subscription_id')
      .execute();
    for (const g of gone) {
      const succeeded = Number(g.succeeded);
      await this.db
        .updateTable('webhook_subscriptions')
        .set((eb) => ({ succeeded_count: eb('succeeded_count', '-', succeeded), failed_count: eb('failed_count', '-', Number(g.n) - succeeded) }))
        .where('id', '=', g.subscription_id)
        .execute();
    }
    const r = await this.db.deleteFrom('webhook_deliveries').where('status', 'in', ['succeeded', 'failed']).where('created_at', '<', cutoff).executeTakeFirst();
    await this.db
      .deleteFrom('webhook_events')
      .where('created_at', '<', cutoff)
      .where('id', 'not in', (eb) => eb.selectFrom('webhook_deliveries').select('event_id').where('created_at', '<', cutoff))
      .execute();
    return Number(r.numDeletedRows);
  }

  async getDelivery(accountId: number, id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries as d').innerJoin('webhook_events as e', 'e.id', 'd.event_id').select(deliveryColumns).where('d.account_id', '=', accountId).where('d.id', '=', id).executeTakeFirst();
  }

  /**
   * The delivery log, newest first, and how many match the filter: from the subscriptions' counts of finished
   * deliveries (0042) and their pending ones (pending index), exact at any size.
   * A status is written as a literal: planners use the partial indexes of pending and failed deliveries only then.
   * Pending ones of the whole account are found subscription by subscription, through the pending index.
   */
  async deliveries(accountId: number, f: { subscriptionId?: number | undefined; status?: DeliveryStatus | undefined }, offset: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
    let q = this.db.selectFrom('webhook_deliveries as d').where('d.account_id', '=', accountId);
    if (f.subscriptionId !== undefined) {
      // One subscription's log: its id range of `(account_id, id)`, not the whole account's.
      const range = await this.subscriptionRange(accountId, f.subscriptionId);
      if (range === null) return { rows: [], total: 0 };
      q = q.where('d.id', '>=', range.lo).where('d.id', '<=', range.hi).where('d.subscription_id', '=', f.subscriptionId);
    } else if (f.status === 'pending') q = q.where('d.subscription_id', 'in', this.accountSubscriptionIds(accountId));
    if (f.status !== undefined) q = q.where('d.status', '=', sql.lit(f.status));
    const [rows, total] = await Promise.all([q.innerJoin('webhook_events as e', 'e.id', 'd.event_id').select(deliveryColumns).orderBy('d.id', 'desc').offset(offset).limit(limit).execute(), this.total(accountId, f)]);
    return { rows, total };
  }

  /** How many deliveries the log's filter matches, from the counts kept on each subscription and the pending index. */
  private async total(accountId: number, f: { subscriptionId?: number | undefined; status?: DeliveryStatus | undefined }): Promise<number> {
    let q = this.db
      .selectFrom('webhook_subscriptions as s')
      .select(['s.succeeded_count', 's.failed_count', (eb) => eb.selectFrom('webhook_deliveries as p').select((p) => p.fn.countAll<number | string>().as('n')).whereRef('p.subscription_id', '=', 's.id').where('p.status', '=', PENDING).as('pending')])
      .where('s.account_id', '=', accountId);
    if (f.subscriptionId !== undefined) q = q.where('s.id', '=', f.subscriptionId);
    let n = 0;
    for (const s of await q.execute()) {
      if (f.status === undefined || f.status === 'succeeded') n += Number(s.succeeded_count);
      if (f.status === undefined || f.status === 'failed') n += Number(s.failed_count);
      if (f.status === undefined || f.status === 'pending') n += Number(s.pending ?? 0);
    }
    return n;
  }
}
