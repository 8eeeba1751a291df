import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_PAUSE_AFTER_DAYS } from '@scanbase/contracts';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobContext } from '../../platform/jobs/job-types.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { WebhookPostThread } from './webhook-post-thread.js';
import { WebhookPoster, type Attempt, type PostOptions, type PostTarget, type SeriesAnswer } from './webhook-post.js';
import type { AttemptRecord, BatchRead, DeliveryRow, SubscriptionRow, WebhooksRepo } from './webhooks.repo.js';

export type { Attempt } from './webhook-post.js';

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

/**
 * Delivery runs one process carries at once, in job-worker slots of their own: each run holds one subscription,
 * so this many subscriptions are sent concurrently, and exports or imports never wait behind them.
 */
export const WEBHOOK_DELIVERY_SLOTS = 8;

/** How long a delivery run holds a subscription before another may take over (renewed after each batch). */
const DRAIN_LEASE_MS = 60_000 + WEBHOOK_TIMEOUT_MS;
/**
 * Deliveries read together, sent one after the other (order) over a kept-alive connection, and logged in one commit.
 * Each batch costs the scans' event loop a fixed part (the answer from the thread, the log's statement, the lease,
 * the commit): with 200 (and `GATHER_MS` 150) instead of 50 (40), the gate kept 0.80 of its scans/s with three busy
 * subscriptions instead of 0.76 (three alternated pairs of 8 rounds, bench/webhooks.bench.ts, 2026-11-30).
 */
const BATCH = 200;
/** A batch's posts stop after this long (a slow receiver): what was sent is logged and the lease renewed before the rest. */
const SERIES_BUDGET_MS = 20_000;
/**
 * A run that has sent everything waits this long for the next delivery (told in memory, no query) before it lets the
 * subscription go: a busy subscription gets one every few milliseconds, and each let-go would cost the next one a job.
 */
const LINGER_MS = 250;
/**
 * After a batch that was not full, a run gathers for this long before it reads the next: a steady stream then goes
 * out in batches of many deliveries (each batch costs the server's event loop a read and one commit) for at most this
 * much more delay (delivery p95 150-225 ms under load, against 55-90 ms with 40 ms), and a lone delivery is sent
 * at once.
 */
const GATHER_MS = 150;
/** A run lets its subscription go after this long and queues a follow-up, so a busy subscription cannot keep a slot for ever. */
const RUN_BUDGET_MS = 30_000;

/** What the sender needs; the webhooks service takes the same, less `paused` (which it provides). */
export type SenderDeps = {
  repo: WebhooksRepo;
  queue: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Where the pause mail goes: the account's admin email setting, else the owner's address. */
  adminEmail: (accountId: number) => Promise<string | undefined>;
  allowPrivateUrls: boolean;
  /** The SQLite database's file (not in memory): the sender's thread reads batches through a connection of its own. */
  sqliteFile?: string | null | undefined;
  publicUrl: string;
  timeoutMs?: number | undefined;
  now?: (() => number) | undefined;
  /** Called when a subscription is paused for failing (the emitter's cache forgets the account). */
  paused: (accountId: number) => void;
};

/** Waits `ms`, or less when the run is stopped or `onWake` is handed a function that ends the wait and is called. */
function wait(ms: number, signal: AbortSignal, onWake?: (wake: (() => void) | null) => void): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      onWake?.(null);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    onWake?.(done);
  });
}

/** A delivery run of this process, as `kick` tells it about new deliveries. */
type Run = { more: boolean; wake: (() => void) | null };

/** What one batch gave. */
type BatchOutcome = { sent: number; failed: number; paused: boolean; retry?: { deliveryId: number; attempts: number; at: string }; cut?: boolean };

/**
 * Sends deliveries: signed POSTs (Standard Webhooks) over kept-alive guarded connections, one run per subscription at
 * a time (a lease on the subscription row) in id order, retries as jobs at the schedule's times, the 3-day pause rule.
 */
export class WebhookSender {
  /** The retry schedule (tests shorten it). */
  retryDelaysMs: number[] = WEBHOOK_RETRY_DELAYS_MS;
  /** How long a batch's posts may run before the batch is logged and the rest follow (tests shorten it). */
  seriesBudgetMs = SERIES_BUDGET_MS;
  /** Single sends (a test ping, "send again"), in process. */
  private readonly poster: WebhookPoster;
  /** Delivery runs' batches, on a thread of their own. */
  private readonly thread: WebhookPostThread;
  /** Subscriptions a run of this process holds now; `more` is set (and a lingering run woken) when a delivery is recorded for one meanwhile. */
  private readonly running = new Map<number, Run>();

  constructor(private readonly deps: SenderDeps) {
    this.poster = new WebhookPoster(deps.allowPrivateUrls);
    const reader = deps.sqliteFile && deps.repo.dialectName === 'sqlite' ? { file: deps.sqliteFile, ...deps.repo.pendingBatchText() } : null;
    this.thread = new WebhookPostThread(deps.allowPrivateUrls, reader);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  /**
   * Has the subscriptions' new deliveries sent: a run of this process that holds one is told to look again (no query,
   * no job); for the others a run is queued unless one (in any process) holds it. The job wakes this process's worker at once.
   */
  async kick(accountId: number, subscriptionIds: number[]): Promise<void> {
    const rest = subscriptionIds.filter((id) => {
      const run = this.running.get(id);
      if (run) {
        run.more = true;
        run.wake?.();
      }
      return !run;
    });
    if (rest.length === 0) return;
    const busy = await this.deps.repo.draining(accountId, rest, this.iso());
    for (const id of rest) if (!busy.has(id)) await this.deps.queue.enqueue(WEBHOOK_DELIVER_JOB, { subscriptionId: id }, { accountId, maxAttempts: 5 });
  }

  /** Where a subscription's deliveries go now, with the secrets in force (two during a rotation's overlap). */
  private target(sub: Pick<SubscriptionRow, 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'>): PostTarget {
    const secrets = [sub.secret];
    if (sub.previous_secret !== null && sub.previous_secret_until !== null && sub.previous_secret_until > this.iso()) secrets.push(sub.previous_secret);
    return { url: sub.url, secrets };
  }

  private postOptions(): PostOptions {
    return { timeoutMs: this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS, maxBytes: WEBHOOK_MAX_REPLY_BYTES, clockOffsetMs: this.now() - Date.now(), seriesBudgetMs: this.seriesBudgetMs };
  }

  /** One signed POST of a delivery, in process; never throws. */
  async send(sub: SubscriptionRow, d: Pick<DeliveryRow, 'message_id' | 'payload'>): Promise<Attempt> {
    return this.poster.post(this.target(sub), { messageId: d.message_id, payload: d.payload }, this.postOptions());
  }

  /**
   * One delivery run for a subscription: takes the subscription (one run at a time keeps deliveries in order),
   * sends its pending deliveries oldest first in batches, and stops at one that failed and waits for its next attempt
   * (queued as a job at that time). A run that finds the subscription taken leaves it to the other run.
   */
  async drain(ctx: JobContext<{ subscriptionId: number }>): Promise<string> {
    if (ctx.accountId === null) throw new PermanentJobError('A webhook delivery needs an account.');
    const accountId = ctx.accountId;
    const subId = ctx.payload.subscriptionId;
    const started = this.now();
    let sent = 0;
    let failed = 0;
    const tally = () => `${sent} sent, ${failed} failed.`;
    for (;;) {
      if (!(await this.deps.repo.acquireDrain(accountId, subId, ctx.jobId, this.iso(DRAIN_LEASE_MS), this.iso()))) return sent + failed === 0 ? 'Another run is sending this subscription’s deliveries.' : tally();
      const run: Run = { more: false, wake: null };
      this.running.set(subId, run);
      // The next attempt of a delivery that failed, queued once the subscription is let go (so that run can take it).
      let retry: BatchOutcome['retry'];
      let stopped: string | undefined;
      let outOfTime = false;
      try {
        for (;;) {
          if (ctx.signal.aborted) {
            stopped = 'Stopped.';
            break;
          }
          run.more = false;
          const sub = await this.deps.repo.get(accountId, subId);
          if (!sub || sub.active !== 1) {
            stopped = `The subscription is ${sub ? 'paused' : 'deleted'}.`;
            break;
          }
          const target = this.target(sub);
          const first = await this.thread.readAndPost(target, { accountId, subscriptionId: subId, afterId: 0, limit: BATCH }, this.iso(), this.postOptions(), this.readHere);
          // Nothing left: unless a delivery was recorded while reading, let go (synchronously with this check, so a
          // delivery recorded from now on queues a run, and the look after letting go below catches the rest).
          if (first.rows.length === 0 && !run.more && !(await this.linger(run, ctx.signal))) break;
          if (first.rows.length === 0) continue;
          const out = await this.sendBatch(accountId, sub, target, first, ctx.jobId);
          sent += out.sent;
          failed += out.failed;
          if (out.paused) {
            stopped = `Paused after failing for ${WEBHOOK_PAUSE_AFTER_DAYS} days.`;
            break;
          }
          if (out.retry) {
            retry = out.retry;
            break;
          }
          if (this.now() - started > RUN_BUDGET_MS) {
            outOfTime = true;
            break;
          }
          // Not after a batch cut short by its time budget: the rest is waiting already.
          if (first.rows.length < BATCH && !out.cut) await wait(GATHER_MS, ctx.signal);
        }
      } finally {
        if (this.running.get(subId) === run) this.running.delete(subId);
        await this.deps.repo.releaseDrain(accountId, subId, ctx.jobId);
      }
      if (stopped) return `${tally()} ${stopped}`;
      if (retry) await this.deps.queue.enqueue(WEBHOOK_DELIVER_JOB, { subscriptionId: subId }, { accountId, maxAttempts: 5, runAt: new Date(retry.at), dedupeKey: `webhook:${retry.deliveryId}:${retry.attempts}` });
      if (outOfTime) {
        await this.deps.queue.enqueue(WEBHOOK_DELIVER_JOB, { subscriptionId: subId }, { accountId, maxAttempts: 5 });
        return `${tally()} A new run sends the rest.`;
      }
      // A run that found the subscription taken meanwhile (a new delivery, a retry falling due) left it to this one: look once more.
      const late = await this.deps.repo.nextPending(accountId, subId);
      if (!late || (late.next_attempt_at !== null && late.next_attempt_at > this.iso())) return retry ? `${tally()} The next attempt is queued.` : tally();
    }
  }

  /** Waits up to `LINGER_MS` for a new delivery of the run's subscription (`kick` wakes it); answers whether one came. */
  private async linger(run: Run, signal: AbortSignal): Promise<boolean> {
    await wait(LINGER_MS, signal, (wake) => (run.wake = wake));
    return run.more;
  }

  /** Reads a batch on the main thread's connection (PostgreSQL, or when the sender's thread cannot read). */
  private readonly readHere = (read: BatchRead) => this.deps.repo.pendingBatch(read);

  /**
   * Judges a batch the thread read and posted, in order: a delivery given up on lets the next ones follow (read and
   * posted again after it), one to be retried stops the batch. Logs every attempt, keeps the subscription's failing state
   * (set by a failure, cleared by a success) and renews the run's lease, all in one commit.
   */
  private async sendBatch(accountId: number, sub: SubscriptionRow, target: PostTarget, first: SeriesAnswer, jobId: number): Promise<BatchOutcome> {
    const records: AttemptRecord[] = [];
    const out: BatchOutcome = { sent: 0, failed: 0, paused: false };
    let failingSince = sub.failing_since;
    let answer = first;
    let stopped = false;
    for (;;) {
      const now = this.iso();
      for (let i = 0; i < answer.attempts.length && !stopped; i++) {
        const a = answer.attempts[i]!;
        const d = answer.rows[i]!;
        const attempts = d.attempts + 1;
        const logged = { id: d.id, attempts, httpStatus: a.httpStatus, responseBody: a.responseBody, durationMs: a.durationMs, error: a.error };
        if (a.ok) {
          out.sent++;
          records.push({ ...logged, status: 'succeeded', nextAttemptAt: null, finishedAt: now });
          failingSince = null;
          continue;
        }
        const delay = a.permanent ? undefined : this.retryDelaysMs[attempts - 1];
        const next = delay === undefined ? null : this.iso(delay);
        if (next === null) out.failed++;
        records.push({ ...logged, status: next === null ? 'failed' : 'pending', nextAttemptAt: next, finishedAt: next === null ? now : null });
        if (failingSince !== null && this.now() - new Date(failingSince).getTime() >= WEBHOOK_PAUSE_AFTER_DAYS * 86_400_000) {
          out.paused = true;
          stopped = true;
        } else {
          failingSince ??= now;
          if (next !== null) {
            out.retry = { deliveryId: d.id, attempts, at: next };
            stopped = true;
          }
        }
      }
      if (stopped) break;
      if (answer.attempts.length === answer.due) {
        // All due deliveries were sent; one whose next attempt is later waits for it, and holds the ones after it back.
        const waiting = answer.rows[answer.due];
        if (waiting) out.retry = { deliveryId: waiting.id, attempts: waiting.attempts, at: waiting.next_attempt_at! };
        break;
      }
      // The thread stopped answering (shutdown): the rest waits for the next run.
      if (answer.attempts.length === 0) break;
      // The posts ran out of time (a slow receiver), the last one delivered: log these and renew the lease; the next batch sends the rest.
      if (answer.attempts[answer.attempts.length - 1]!.ok) {
        out.cut = true;
        break;
      }
      // A delivery given up on: the ones after it follow, read again after it (the log is not written yet, so they are still pending).
      if (records.length >= BATCH) break;
      answer = await this.thread.readAndPost(target, { accountId, subscriptionId: sub.id, afterId: records[records.length - 1]!.id, limit: BATCH - records.length }, now, this.postOptions(), this.readHere);
    }
    // The log, the failing state and the run's lease share one commit (a commit is most of what a small write costs on SQLite).
    await this.deps.repo.transaction(async (repo) => {
      await repo.recordAttempts(accountId, sub.id, records);
      if (!out.paused && failingSince !== sub.failing_since) await repo.update(accountId, sub.id, { failing_since: failingSince, updated_at: this.iso() });
      await repo.acquireDrain(accountId, sub.id, jobId, this.iso(DRAIN_LEASE_MS), this.iso());
    });
    if (out.paused) await this.pause(accountId, sub, failingSince!);
    return out;
  }

  /** Pauses a subscription that has failed for 3 days and mails the account's admin. */
  private async pause(accountId: number, sub: SubscriptionRow, failingSince: string): Promise<void> {
    await this.deps.repo.update(accountId, sub.id, { active: 0, paused_reason: 'failing', updated_at: this.iso() });
    this.deps.paused(accountId);
    const to = await this.deps.adminEmail(accountId);
    if (!to) return;
    await this.deps.mailer
      .send({
        to,
        subject: 'A webhook was paused: its deliveries have failed for 3 days',
        text: [
          `Every delivery to ${sub.url}${sub.description ? ` (${sub.description})` : ''} has failed since ${failingSince}, so the subscription was paused.`,
          'Events are no longer recorded for it. Deliveries that were waiting stay in the log and are sent when you resume it.',
          '',
          `Check the receiver, then resume the subscription: ${this.deps.publicUrl}/account/integrations/`,
        ].join('\n'),
      })
      .catch((err: unknown) => this.deps.log.error({ err, accountId }, 'mailing a webhook pause failed'));
  }

  /** Stops the sending thread and closes the kept-alive connections (shutdown). */
  async close(): Promise<void> {
    this.poster.close();
    await this.thread.close();
  }
}
