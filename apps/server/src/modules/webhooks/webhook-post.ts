import { Webhook } from 'standardwebhooks';
import { OutboundUrlError, guardedAgents, postBody, type OutboundAgents } from '../../platform/http/outbound-http.js';

/** One attempt's outcome. */
export type Attempt = { ok: boolean; permanent: boolean; httpStatus: number | null; responseBody: string | null; durationMs: number; error: string | null };

/** Where and how a subscription's deliveries go: its URL and the secrets in force (two during a rotation's overlap). */
export type PostTarget = { url: string; secrets: string[] };

/** One delivery to post. */
export type PostItem = { messageId: string; payload: string };

/**
 * How to post: the receiver's time limit and reply size, the sender's clock (tests move it), and how long a series
 * may post before it stops after a delivered one (the rest wait for the next series; none: no limit).
 */
export type PostOptions = { timeoutMs: number; maxBytes: number; clockOffsetMs: number; seriesBudgetMs?: number | undefined };

/** A pending delivery as a batch reads it (`WebhooksRepo.pendingBatch`). */
export type BatchDelivery = { id: number; message_id: string; payload: string; attempts: number; next_attempt_at: string | null };

/** A delivery of a batch as its run judges it (the payload stays where it was sent from). */
export type BatchRow = Pick<BatchDelivery, 'id' | 'attempts' | 'next_attempt_at'>;

/**
 * What a batch read and what its attempts gave: `rows` in order, the first `due` of them due now, then at most one whose
 * next attempt is later; `attempts` for the first rows in order, up to and including the first that failed.
 */
export type SeriesAnswer = { rows: BatchRow[]; due: number; attempts: Attempt[] };

/**
 * Posts the deliveries of `rows` that are due at `nowIso` (those before the first whose next attempt is later: order)
 * through `post`, which stops after the first failure.
 */
export async function postDue(rows: BatchDelivery[], nowIso: string, post: (items: PostItem[]) => Promise<Attempt[]>): Promise<SeriesAnswer> {
  const later = rows.findIndex((d) => d.next_attempt_at !== null && d.next_attempt_at > nowIso);
  const due = later < 0 ? rows.length : later;
  const attempts = due === 0 ? [] : await post(rows.slice(0, due).map((d) => ({ messageId: d.message_id, payload: d.payload })));
  return { rows: rows.slice(0, due + 1).map((d) => ({ id: d.id, attempts: d.attempts, next_attempt_at: d.next_attempt_at })), due, attempts };
}

/**
 * Signs (Standard Webhooks) and POSTs deliveries over kept-alive connections opened through the outbound guard. The
 * same code runs on the sender's thread (`WebhookPostThread`) and, for single sends and as its fallback, in process.
 */
export class WebhookPoster {
  private readonly agents: OutboundAgents;
  private readonly signers = new Map<string, Webhook>();

  constructor(private readonly allowPrivate: boolean) {
    this.agents = guardedAgents(allowPrivate);
  }

  private signer(secret: string): Webhook {
    let w = this.signers.get(secret);
    if (!w) {
      if (this.signers.size > 1_000) this.signers.clear();
      w = new Webhook(secret);
      this.signers.set(secret, w);
    }
    return w;
  }

  /** The `webhook-signature` value: one `v1,` signature per secret. */
  signature(secrets: string[], messageId: string, at: Date, body: string): string {
    return secrets.map((s) => this.signer(s).sign(messageId, at, body)).join(' ');
  }

  /** One signed POST; never throws. The reply is kept as text without NUL (PostgreSQL text cannot hold it). */
  async post(target: PostTarget, d: PostItem, options: PostOptions): Promise<Attempt> {
    const at = new Date(Math.floor((Date.now() + options.clockOffsetMs) / 1000) * 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': d.messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': this.signature(target.secrets, d.messageId, at, d.payload),
    };
    const started = performance.now();
    try {
      const reply = await postBody(target.url, d.payload, headers, { allowPrivate: this.allowPrivate, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, agents: this.agents });
      const durationMs = Math.round(performance.now() - started);
      const ok = reply.status >= 200 && reply.status < 300;
      return { ok, permanent: false, httpStatus: reply.status, responseBody: reply.body.toString('utf8').replaceAll('\u0000', '\ufffd'), durationMs, error: ok ? null : `The receiver answered HTTP ${reply.status}.` };
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, permanent: error instanceof OutboundUrlError, httpStatus: null, responseBody: null, durationMs, error: error instanceof OutboundUrlError ? why : `Could not reach the receiver: ${why}` };
    }
  }

  /**
   * Posts deliveries one after the other (order), stopping after the first that failed, or after the series' time
   * budget ran out; answers the attempts made.
   */
  async series(target: PostTarget, items: PostItem[], options: PostOptions): Promise<Attempt[]> {
    const attempts: Attempt[] = [];
    const deadline = options.seriesBudgetMs === undefined ? Infinity : performance.now() + options.seriesBudgetMs;
    for (const d of items) {
      const a = await this.post(target, d, options);
      attempts.push(a);
      if (!a.ok || performance.now() >= deadline) break;
    }
    return attempts;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
