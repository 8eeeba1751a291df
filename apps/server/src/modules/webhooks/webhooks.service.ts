import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import {
  serviceScopedWebhookEvents,
  WEBHOOK_PAUSE_AFTER_DAYS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type RouteBody,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
  type createWebhook,
  type updateWebhook,
} from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import { OutboundUrlError, checkOutboundUrl, postBody } from '../../platform/http/outbound-http.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobContext, type JobHandler } from '../../platform/jobs/job-types.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { WebhookEvent, WebhookEvents } from './webhook-events.js';
import type { ActiveSubscription, DeliveryRow, SubscriptionRow, WebhooksRepo } from './webhooks.repo.js';

/** The job that sends a subscription's pending deliveries, oldest first, one run per subscription at a time. */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/**
 * When attempt n+1 follows a failed attempt n: the schedule the Standard Webhooks specification suggests
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). After the last, the delivery has failed for good and the next one is sent.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** A receiver has this long to answer; the first 10 KB of its reply are kept. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
export const WEBHOOK_MAX_REPLY_BYTES = 10 * 1024;

/** How long a cached list of an account's active subscriptions is used by the emitter (hot path: every scan). */
const CACHE_MS = 2_000;
/** How long a delivery run holds a subscription before another may take over (renewed after each attempt). */
const DRAIN_LEASE_MS = 60_000 + WEBHOOK_TIMEOUT_MS;

type Matcher = { id: number; events: Set<string>; serviceIds: Set<number> | null };
type ScopedInput = RouteBody<typeof createWebhook>;
type UpdateInput = RouteBody<typeof updateWebhook>;

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the specification describes. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A message id (`webhook-id`): unique, kept for every attempt and "send again" of the message. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
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

/** One attempt's outcome. */
type Attempt = { ok: boolean; permanent: boolean; httpStatus: number | null; responseBody: string | null; durationMs: number; error: string | null };

/**
 * Account webhooks: subscriptions, signed deliveries (Standard Webhooks) through the jobs platform in order per
 * subscription, retries with backoff, the delivery log, "send again", a test ping, and the 3-day pause rule.
 */
export class WebhooksService implements WebhookEvents {
  private readonly cache = new Map<number, { at: number; subs: Matcher[] }>();
  /** The retry schedule (tests shorten it). */
  retryDelaysMs: number[] = WEBHOOK_RETRY_DELAYS_MS;

  constructor(
    private readonly deps: {
      repo: WebhooksRepo;
      queue: JobQueue;
      mailer: Mailer;
      log: FastifyBaseLogger;
      /** Where the pause mail goes: the account's admin email setting, else the owner's address. */
      adminEmail: (accountId: number) => Promise<string | undefined>;
      allowPrivateUrls: boolean;
      publicUrl: string;
      timeoutMs?: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  // ---- emitting ----

  private async matchers(accountId: number): Promise<Matcher[]> {
    const now = Date.now();
    const hit = this.cache.get(accountId);
    if (hit && now - hit.at < CACHE_MS) return hit.subs;
    const subs = (await this.deps.repo.active(accountId)).map(matcher);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(accountId, { at: now, subs });
    return subs;
  }

  /** Records the events for every matching active subscription and queues their delivery (never throws). */
  async emit(accountId: number, events: WebhookEvent[]): Promise<void> {
    try {
      const subs = await this.matchers(accountId);
      if (subs.length === 0) return;
      const createdAt = this.iso();
      const rows = [];
      for (const e of events) {
        const payload = JSON.stringify({ type: e.type, timestamp: createdAt, data: e.data });
        const messageId = newMessageId();
        for (const s of subs) if (wants(s, e)) rows.push({ subscriptionId: s.id, messageId, eventType: e.type, payload, createdAt });
      }
      if (rows.length === 0) return;
      await this.deps.repo.insertDeliveries(accountId, rows);
      await this.kick(accountId, [...new Set(rows.map((r) => r.subscriptionId))]);
    } catch (err) {
      this.deps.log.error({ err, accountId }, 'recording webhook events failed');
    }
  }

  /** Queues a delivery run for each subscription no run is draining now (a run sends what arrives before it stops). */
  private async kick(accountId: number, subscriptionIds: number[]): Promise<void> {
    const busy = await this.deps.repo.draining(accountId, subscriptionIds, this.iso());
    for (const id of subscriptionIds) if (!busy.has(id)) await this.deps.queue.enqueue(WEBHOOK_DELIVER_JOB, { subscriptionId: id }, { accountId, maxAttempts: 5 });
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
      await this.kick(accountId, [input.id]);
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
  async deliveries(accountId: number, q: { subscriptionId?: number | undefined; status?: DeliveryRow['status'] | undefined; page: number; limit: number }): Promise<{ items: WebhookDelivery[]; total: number; page: number; limit: number }> {
    if (q.subscriptionId !== undefined) await this.require(accountId, q.subscriptionId);
    const { rows, total } = await this.deps.repo.deliveries(accountId, q, (q.page - 1) * q.limit, q.limit);
    return { items: rows.map(toDelivery), total, page: q.page, limit: q.limit };
  }

  /** Queues the message of a delivery again (same webhook-id), after what already waits for its subscription. */
  async redeliver(accountId: number, deliveryId: number): Promise<WebhookDelivery> {
    const d = await this.deps.repo.getDelivery(accountId, deliveryId);
    if (!d) throw new AppError('NOT_FOUND', 'There is no such delivery.');
    const sub = await this.require(accountId, d.subscription_id);
    if (sub.active !== 1) throw new AppError('CONFLICT', 'This subscription is paused: resume it, then send again.');
    const [id] = await this.deps.repo.insertDeliveries(accountId, [{ subscriptionId: d.subscription_id, messageId: d.message_id, eventType: d.event_type, payload: d.payload, redeliveryOf: d.id, createdAt: this.iso() }]);
    await this.kick(accountId, [d.subscription_id]);
    return toDelivery((await this.deps.repo.getDelivery(accountId, id!))!);
  }

  /** Sends a ping to the subscription now (paused or not, outside its queue) and answers the delivery with the reply. */
  async test(accountId: number, id: number): Promise<WebhookDelivery> {
    const sub = await this.require(accountId, id);
    const createdAt = this.iso();
    const payload = JSON.stringify({ type: WEBHOOK_PING_EVENT, timestamp: createdAt, data: { subscriptionId: id, message: 'A test event from Scanbase.' } });
    const messageId = newMessageId();
    // Sent first and recorded as sent, so that no delivery run picks it up as pending meanwhile.
    const a = await this.send(sub, { message_id: messageId, payload });
    const sent = { status: a.ok ? ('succeeded' as const) : ('failed' as const), httpStatus: a.httpStatus, responseBody: a.responseBody, durationMs: a.durationMs, error: a.error, finishedAt: this.iso() };
    const [deliveryId] = await this.deps.repo.insertDeliveries(accountId, [{ subscriptionId: id, messageId, eventType: WEBHOOK_PING_EVENT, payload, createdAt, sent }]);
    return toDelivery((await this.deps.repo.getDelivery(accountId, deliveryId!))!);
  }

  // ---- sending ----

  /** The `webhook-signature` value: one `v1,` signature per secret in force (two during a rotation's overlap). */
  signature(sub: Pick<SubscriptionRow, 'secret' | 'previous_secret' | 'previous_secret_until'>, messageId: string, at: Date, body: string): string {
    const secrets = [sub.secret];
    if (sub.previous_secret !== null && sub.previous_secret_until !== null && sub.previous_secret_until > at.toISOString()) secrets.push(sub.previous_secret);
    return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
  }

  /** One signed POST of a delivery; never throws. */
  private async send(sub: SubscriptionRow, d: Pick<DeliveryRow, 'message_id' | 'payload'>): Promise<Attempt> {
    const at = new Date(Math.floor(this.now() / 1000) * 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': d.message_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': this.signature(sub, d.message_id, at, d.payload),
    };
    const started = performance.now();
    try {
      const reply = await postBody(sub.url, d.payload, headers, { allowPrivate: this.deps.allowPrivateUrls, timeoutMs: this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS, maxBytes: WEBHOOK_MAX_REPLY_BYTES });
      const durationMs = Math.round(performance.now() - started);
      const ok = reply.status >= 200 && reply.status < 300;
      return { ok, permanent: false, httpStatus: reply.status, responseBody: reply.body.toString('utf8'), durationMs, error: ok ? null : `The receiver answered HTTP ${reply.status}.` };
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, permanent: error instanceof OutboundUrlError, httpStatus: null, responseBody: null, durationMs, error: error instanceof OutboundUrlError ? why : `Could not reach the receiver: ${why}` };
    }
  }

  /**
   * One delivery run for a subscription: takes the subscription (one run at a time keeps deliveries in order),
   * sends its pending deliveries oldest first, and stops at one that failed and waits for its next attempt
   * (queued as a job at that time). A run that finds the subscription taken leaves it to the other run.
   */
  async drain(ctx: JobContext<{ subscriptionId: number }>): Promise<string> {
    if (ctx.accountId === null) throw new PermanentJobError('A webhook delivery needs an account.');
    const accountId = ctx.accountId;
    const subId = ctx.payload.subscriptionId;
    let sent = 0;
    let failed = 0;
    const tally = () => `${sent} sent, ${failed} failed.`;
    for (;;) {
      if (!(await this.deps.repo.acquireDrain(accountId, subId, ctx.jobId, this.iso(DRAIN_LEASE_MS), this.iso()))) return sent + failed === 0 ? 'Another run is sending this subscription’s deliveries.' : tally();
      // The next attempt of a delivery that failed, queued once the subscription is let go (so that run can take it).
      let retry: { deliveryId: number; attempts: number; at: string } | undefined;
      try {
        for (;;) {
          if (ctx.signal.aborted) return `${tally()} Stopped.`;
          const sub = await this.deps.repo.get(accountId, subId);
          if (!sub || sub.active !== 1) return `${tally()} The subscription is ${sub ? 'paused' : 'deleted'}.`;
          const d = await this.deps.repo.nextPending(accountId, subId);
          if (!d) break;
          if (d.next_attempt_at !== null && d.next_attempt_at > this.iso()) {
            // Its next attempt is queued for then (a dedupe key makes queuing it again a no-op).
            retry = { deliveryId: d.id, attempts: d.attempts, at: d.next_attempt_at };
            break;
          }
          const a = await this.send(sub, d);
          const attempts = d.attempts + 1;
          const now = this.iso();
          if (a.ok) {
            sent++;
            await this.deps.repo.recordAttempt(accountId, d.id, { status: 'succeeded', attempts, nextAttemptAt: null, httpStatus: a.httpStatus, responseBody: a.responseBody, durationMs: a.durationMs, error: null, finishedAt: now });
            if (sub.failing_since !== null) await this.deps.repo.update(accountId, subId, { failing_since: null, updated_at: now });
          } else {
            const delay = a.permanent ? undefined : this.retryDelaysMs[attempts - 1];
            const next = delay === undefined ? null : this.iso(delay);
            if (next === null) failed++;
            await this.deps.repo.recordAttempt(accountId, d.id, { status: next === null ? 'failed' : 'pending', attempts, nextAttemptAt: next, httpStatus: a.httpStatus, responseBody: a.responseBody, durationMs: a.durationMs, error: a.error, finishedAt: next === null ? now : null });
            if (await this.noteFailure(accountId, sub)) return `${tally()} Paused after failing for ${WEBHOOK_PAUSE_AFTER_DAYS} days.`;
            if (next !== null) {
              retry = { deliveryId: d.id, attempts, at: next };
              break;
            }
          }
          await this.deps.repo.acquireDrain(accountId, subId, ctx.jobId, this.iso(DRAIN_LEASE_MS), this.iso());
        }
      } finally {
        await this.deps.repo.releaseDrain(accountId, subId, ctx.jobId);
      }
      if (retry) await this.scheduleRetry(accountId, subId, retry.deliveryId, retry.attempts, retry.at);
      // A run that found the subscription taken meanwhile (a new delivery, a retry falling due) left it to this one: look once more.
      const late = await this.deps.repo.nextPending(accountId, subId);
      if (!late || (late.next_attempt_at !== null && late.next_attempt_at > this.iso())) return retry ? `${tally()} The next attempt is queued.` : tally();
    }
  }

  private async scheduleRetry(accountId: number, subscriptionId: number, deliveryId: number, attempts: number, at: string): Promise<void> {
    await this.deps.queue.enqueue(WEBHOOK_DELIVER_JOB, { subscriptionId }, { accountId, maxAttempts: 5, runAt: new Date(at), dedupeKey: `webhook:${deliveryId}:${attempts}` });
  }

  /** Notes a failed attempt; after 3 days of nothing but failures pauses the subscription and mails the admin. Answers whether it paused. */
  private async noteFailure(accountId: number, sub: SubscriptionRow): Promise<boolean> {
    const now = this.iso();
    if (sub.failing_since === null) {
      await this.deps.repo.update(accountId, sub.id, { failing_since: now, updated_at: now });
      return false;
    }
    if (this.now() - new Date(sub.failing_since).getTime() < WEBHOOK_PAUSE_AFTER_DAYS * 86_400_000) return false;
    await this.deps.repo.update(accountId, sub.id, { active: 0, paused_reason: 'failing', updated_at: now });
    this.cache.delete(accountId);
    const to = await this.deps.adminEmail(accountId);
    if (to) {
      await this.deps.mailer
        .send({
          to,
          subject: 'A webhook was paused: its deliveries have failed for 3 days',
          text: [
            `Every delivery to ${sub.url}${sub.description ? ` (${sub.description})` : ''} has failed since ${sub.failing_since}, so the subscription was paused.`,
            'Events are no longer recorded for it. Deliveries that were waiting stay in the log and are sent when you resume it.',
            '',
            `Check the receiver, then resume the subscription: ${this.deps.publicUrl}/account/integrations/`,
          ].join('\n'),
        })
        .catch((err: unknown) => this.deps.log.error({ err, accountId }, 'mailing a webhook pause failed'));
    }
    return true;
  }

  /** Housekeeping: deletes finished deliveries older than the retention (the jobs' retention); answers how many. */
  async cleanup(retentionDays: number): Promise<number> {
    return this.deps.repo.deleteFinishedBefore(this.iso(-retentionDays * 86_400_000));
  }

  /** The job handler of delivery runs. */
  handlers(): Map<string, JobHandler> {
    return new Map([[WEBHOOK_DELIVER_JOB, async (ctx: JobContext) => ({ summary: await this.drain(ctx as JobContext<{ subscriptionId: number }>) })]]);
  }
}
