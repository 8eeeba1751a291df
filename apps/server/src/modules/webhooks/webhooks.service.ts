import { randomBytes, randomUUID } from 'node:crypto';
import {
  serviceScopedWebhookEvents,
  WEBHOOK_PING_EVENT,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type RouteBody,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
  type createWebhook,
  type updateWebhook,
} from '@scanbase/contracts';
import type { Kysely } from 'kysely';
import { groupsCommits } from '../../platform/db/dialect.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { OutboundUrlError, checkOutboundUrl } from '../../platform/http/outbound-http.js';
import type { JobContext, JobHandler } from '../../platform/jobs/job-types.js';
import type { RecordedEvents, WebhookEvent, WebhookEvents } from './webhook-events.js';
import { WEBHOOK_DELIVER_JOB, WebhookSender, type SenderDeps } from './webhook-sender.js';
import type { ActiveSubscription, DeliveryRow, NewEventDeliveries, SubscriptionRow, WebhooksRepo } from './webhooks.repo.js';

export { WEBHOOK_DELIVER_JOB, WEBHOOK_MAX_REPLY_BYTES, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from './webhook-sender.js';

/** How long a cached list of an account's active subscriptions is used by the emitter (hot path: every scan). */
const CACHE_MS = 2_000;

type Matcher = { id: number; events: Set<string>; serviceIds: Set<number> | null };
type ScopedInput = RouteBody<typeof createWebhook>;
type UpdateInput = RouteBody<typeof updateWebhook>;

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the specification describes. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * A message id (`webhook-id`): unique, kept for every attempt and "send again" of the message. `randomUUID` draws from a
 * cached pool of entropy; `randomBytes` cost a call into the system per id, on every scan.
 */
function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The subscriptions that have new deliveries, each once. */
function subscriptionsOf(recorded: NewEventDeliveries[]): number[] {
  return [...new Set(recorded.flatMap((r) => r.subscriptionIds))];
}

function parseIds(text: string): number[] {
  const v = JSON.parse(text) as unknown;
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

function matcher(s: ActiveSubscription): Matcher {
  const serviceIds = parseIds(s.service_ids);
  return { id: s.id, events: new Set(JSON.parse(s.events) as string[]), serviceIds: serviceIds.length > 0 ? new Set(serviceIds) : null };
}

/** Whether a subscription takes an event: it names the event, and its service filter (scan and upload events only) lets it through. */
function wants(m: Matcher, e: WebhookEvent): boolean {
  if (!m.events.has(e.type)) return false;
  if (m.serviceIds === null || !serviceScopedWebhookEvents.includes(e.type)) return true;
  return e.serviceId !== undefined && e.serviceId !== null && m.serviceIds.has(e.serviceId);
}

function toDelivery(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    subscriptionId: d.subscription_id,
    messageId: d.message_id,
    eventType: d.event_type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
    createdAt: d.created_at,
    finishedAt: d.finished_at,
    requestBody: d.payload,
    httpStatus: d.http_status,
    responseBody: d.response_body,
    durationMs: d.duration_ms,
    error: d.error,
    redeliveryOf: d.redelivery_of,
  };
}

/**
 * Account webhooks: subscriptions, signed deliveries (Standard Webhooks) through the jobs platform in order per
 * subscription, retries with backoff, the delivery log, "send again", a test ping, and the 3-day pause rule.
 */
export class WebhooksService implements WebhookEvents {
  private readonly cache = new Map<number, { at: number; subs: Matcher[] }>();
  /** Sends the deliveries (the job handler's work). */
  readonly sender: WebhookSender;
  /** Deliveries recorded by requests at the same moment share one commit (SQLite pays per commit; scans do the same). */
  private readonly inserts: GroupCommit<WebhooksRepo>;

  constructor(
    private readonly deps: Omit<SenderDeps, 'paused'>,
  ) {
    this.sender = new WebhookSender({ ...deps, paused: (accountId) => this.cache.delete(accountId) });
    this.inserts = new GroupCommit({ transaction: (fn) => deps.repo.transaction(fn), enabled: groupsCommits(deps.repo.dialectName) });
  }

  /** Stops the sending thread and closes its connections (shutdown). */
  close(): Promise<void> {
    return this.sender.close();
  }

  /** The retry schedule (tests shorten it). */
  get retryDelaysMs(): number[] {
    return this.sender.retryDelaysMs;
  }

  set retryDelaysMs(delays: number[]) {
    this.sender.retryDelaysMs = delays;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  // ---- emitting ----

  /** The account's active subscriptions, cached; read through `repo` on a miss (inside a transaction, its own). */
  private async matchers(accountId: number, repo: WebhooksRepo = this.deps.repo): Promise<Matcher[]> {
    const now = Date.now();
    const hit = this.cache.get(accountId);
    if (hit && now - hit.at < CACHE_MS) return hit.subs;
    const subs = (await repo.active(accountId)).map(matcher);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(accountId, { at: now, subs });
    return subs;
  }

  /** Each event with the matching subscriptions, one message id and one payload (events that match none are left out). */
  private async deliveriesOf(accountId: number, events: WebhookEvent[], repo: WebhooksRepo): Promise<NewEventDeliveries[]> {
    const subs = await this.matchers(accountId, repo);
    if (subs.length === 0) return [];
    const createdAt = this.iso();
    const out: NewEventDeliveries[] = [];
    for (const e of events) {
      const subscriptionIds = subs.filter((s) => wants(s, e)).map((s) => s.id);
      if (subscriptionIds.length > 0) out.push({ subscriptionIds, messageId: newMessageId(), eventType: e.type, payload: JSON.stringify({ type: e.type, timestamp: createdAt, data: e.data }), createdAt });
    }
    return out;
  }

  /** Records the events for every matching active subscription and queues their delivery (never throws). */
  async emit(accountId: number, events: WebhookEvent[]): Promise<void> {
    try {
      const recorded = await this.deliveriesOf(accountId, events, this.deps.repo);
      if (recorded.length === 0) return;
      await this.inserts.run((repo) => repo.insertEvents(accountId, recorded));
      await this.sender.kick(accountId, subscriptionsOf(recorded));
    } catch (err) {
      this.deps.log.error({ err, accountId }, 'recording webhook events failed');
    }
  }

  /** Records the events inside the caller's transaction (the scan path's outbox); `committed` sends them after its commit. */
  async record(db: Kysely<Database>, accountId: number, events: WebhookEvent[]): Promise<RecordedEvents> {
    const repo = this.deps.repo.on(db);
    const recorded = await this.deliveriesOf(accountId, events, repo);
    if (recorded.length > 0) await repo.insertEvents(accountId, recorded);
    return { events, subscriptionIds: subscriptionsOf(recorded) };
  }

  /** Has deliveries recorded by a committed transaction sent (never throws). */
  async committed(accountId: number, recorded: RecordedEvents): Promise<void> {
    if (recorded.subscriptionIds.length === 0) return;
    try {
      await this.sender.kick(accountId, recorded.subscriptionIds);
    } catch (err) {
      this.deps.log.error({ err, accountId }, 'queuing webhook deliveries failed');
    }
  }

  // ---- managing ----

  private show(row: SubscriptionRow, summary: { pending: Map<number, number>; last: Map<number, { at: string; status: DeliveryRow['status']; httpStatus: number | null }> }): WebhookSubscription {
    const overlap = row.previous_secret !== null && row.previous_secret_until !== null && row.previous_secret_until > this.iso() ? row.previous_secret_until : null;
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: JSON.parse(row.events) as WebhookEventType[],
      serviceIds: parseIds(row.service_ids),
      active: row.active === 1,
      pausedReason: row.active === 1 ? null : (row.paused_reason ?? 'manual'),
      failingSince: row.failing_since,
      previousSecretUntil: overlap,
      secretHint: `${row.secret.slice(0, 10)}…`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      pending: summary.pending.get(row.id) ?? 0,
      lastDelivery: summary.last.get(row.id) ?? null,
    };
  }

  private async showOne(accountId: number, id: number): Promise<WebhookSubscription> {
    const row = await this.require(accountId, id);
    return this.show(row, await this.deps.repo.summaries(accountId));
  }

  private async require(accountId: number, id: number): Promise<SubscriptionRow> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'There is no such webhook subscription.');
    return row;
  }

  private checkUrl(url: string): void {
    try {
      checkOutboundUrl(url, this.deps.allowPrivateUrls);
    } catch (error) {
      if (error instanceof OutboundUrlError) throw new AppError('VALIDATION_FAILED', error.message, [{ path: 'url', message: error.message }]);
      throw error;
    }
  }

  /** The account's subscriptions, newest first. */
  async list(accountId: number): Promise<WebhookSubscription[]> {
    const [rows, summary] = await Promise.all([this.deps.repo.list(accountId), this.deps.repo.summaries(accountId)]);
    return rows.map((r) => this.show(r, summary));
  }

  /** Subscribes a URL; answers the secret this once. `source` marks a REST hook (Zapier, Make, another client). */
  async create(accountId: number, input: ScopedInput, source = ''): Promise<{ subscription: WebhookSubscription; secret: string }> {
    this.checkUrl(input.url);
    const secret = newSecret();
    const row = await this.deps.repo.insert(accountId, {
      url: input.url,
      description: input.description ?? '',
      events: JSON.stringify([...new Set(input.events)]),
      serviceIds: JSON.stringify([...new Set(input.serviceIds ?? [])]),
      active: input.active ?? true,
      secret,
      now: this.iso(),
      source,
    });
    this.cache.delete(accountId);
    return { subscription: await this.showOne(accountId, row.id), secret };
  }

  /** Changes a subscription; resuming clears the failing state and sends what waited. */
  async update(accountId: number, input: UpdateInput): Promise<WebhookSubscription> {
    const row = await this.require(accountId, input.id);
    if (input.url !== undefined) this.checkUrl(input.url);
    const resuming = input.active === true && row.active !== 1;
    await this.deps.repo.update(accountId, input.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
      ...(input.serviceIds !== undefined ? { service_ids: JSON.stringify([...new Set(input.serviceIds)]) } : {}),
      ...(input.active === false && row.active === 1 ? { active: 0, paused_reason: 'manual' as const } : {}),
      ...(resuming ? { active: 1, paused_reason: null, failing_since: null } : {}),
      updated_at: this.iso(),
    });
    this.cache.delete(accountId);
    if (resuming) {
      await this.deps.repo.dueNow(accountId, input.id);
      await this.sender.kick(accountId, [input.id]);
    }
    return this.showOne(accountId, input.id);
  }

  /** Deletes a subscription and its log. */
  async delete(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'There is no such webhook subscription.');
    this.cache.delete(accountId);
  }

  /** A new secret, answered once; the old one keeps signing too for 24 hours. */
  async rotateSecret(accountId: number, id: number): Promise<{ subscription: WebhookSubscription; secret: string }> {
    const row = await this.require(accountId, id);
    const secret = newSecret();
    await this.deps.repo.update(accountId, id, { secret, previous_secret: row.secret, previous_secret_until: this.iso(WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000), updated_at: this.iso() });
    return { subscription: await this.showOne(accountId, id), secret };
  }

  /** The delivery log page. */
  async deliveries(accountId: number, q: { subscriptionId?: number | undefined; status?: DeliveryRow['status'] | undefined; page: number; limit: number }): Promise<{ items: WebhookDelivery[]; total: number; totalExact: boolean; page: number; limit: number }> {
    if (q.subscriptionId !== undefined) await this.require(accountId, q.subscriptionId);
    const { rows, total } = await this.deps.repo.deliveries(accountId, q, (q.page - 1) * q.limit, q.limit);
    return { items: rows.map(toDelivery), total, totalExact: true, page: q.page, limit: q.limit };
  }

  /** Queues the message of a delivery again (same webhook-id), after what already waits for its subscription. */
  async redeliver(accountId: number, deliveryId: number): Promise<WebhookDelivery> {
    const d = await this.deps.repo.getDelivery(accountId, deliveryId);
    if (!d) throw new AppError('NOT_FOUND', 'There is no such delivery.');
    const sub = await this.require(accountId, d.subscription_id);
    if (sub.active !== 1) throw new AppError('CONFLICT', 'This subscription is paused: resume it, then send again.');
    const [id] = await this.deps.repo.insertDeliveries(accountId, [{ subscriptionId: d.subscription_id, messageId: d.message_id, eventType: d.event_type, payload: d.payload, redeliveryOf: d.id, createdAt: this.iso() }]);
    await this.sender.kick(accountId, [d.subscription_id]);
    return toDelivery((await this.deps.repo.getDelivery(accountId, id!))!);
  }

  /** Sends a ping to the subscription now (paused or not, outside its queue) and answers the delivery with the reply. */
  async test(accountId: number, id: number): Promise<WebhookDelivery> {
    const sub = await this.require(accountId, id);
    const createdAt = this.iso();
    const payload = JSON.stringify({ type: WEBHOOK_PING_EVENT, timestamp: createdAt, data: { subscriptionId: id, message: 'A test event from Scanbase.' } });
    const messageId = newMessageId();
    // Sent first and recorded as sent, so that no delivery run picks it up as pending meanwhile.
    const a = await this.sender.send(sub, { message_id: messageId, payload });
    const sent = { status: a.ok ? ('succeeded' as const) : ('failed' as const), httpStatus: a.httpStatus, responseBody: a.responseBody, durationMs: a.durationMs, error: a.error, finishedAt: this.iso() };
    const [deliveryId] = await this.deps.repo.insertDeliveries(accountId, [{ subscriptionId: id, messageId, eventType: WEBHOOK_PING_EVENT, payload, createdAt, sent }]);
    return toDelivery((await this.deps.repo.getDelivery(accountId, deliveryId!))!);
  }

  /** Housekeeping: deletes finished deliveries older than the retention (the jobs' retention); answers how many. */
  async cleanup(retentionDays: number): Promise<number> {
    return this.deps.repo.deleteFinishedBefore(this.iso(-retentionDays * 86_400_000));
  }

  /** The job handler of delivery runs. */
  handlers(): Map<string, JobHandler> {
    return new Map([[WEBHOOK_DELIVER_JOB, async (ctx: JobContext) => ({ summary: await this.sender.drain(ctx as JobContext<{ subscriptionId: number }>) })]]);
  }
}
