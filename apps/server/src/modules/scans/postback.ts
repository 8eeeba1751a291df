import type { testPostback } from '@scanbase/contracts';
import type { z } from 'zod';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { nowIso } from '../../platform/db/dialect.js';
import { OutboundUrlError, postForm } from '../../platform/http/outbound-http.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-types.js';
import type { ScansRepo } from './scans.repo.js';
import { AppError } from '../../platform/errors.js';
import { legacyUtc, responseKind } from './validation-rules.js';

/** The app waits 15 s for a postback server (the reference), and keeps only the first 10 KB of its reply. */
export const POSTBACK_TIMEOUT_MS = 15_000;
export const POSTBACK_MAX_BYTES = 10 * 1024;

/** Job types: a postback validation that failed and is tried again, and a scan forwarded to a URL. */
export const POSTBACK_RETRY_JOB = 'postback.retry';
export const POSTBACK_FORWARD_JOB = 'postback.forward';

type DeliveryPayload = { scanId: number; url: string };

/** A postback server's verdict. */
export type PostbackVerdict = { status: 0 | 1; text: string };

/** What the postback tool answers (contract `postback/test`). */
export type TestPostbackReply = z.input<typeof testPostback.reply>;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, e: string) => {
    const lower = e.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? whole;
  });
}

/**
 * Reads `<xml><message><status>1|0</status><text>…</text></message></xml>` (also the older form without
 * `<message>`). The text may be CDATA (HTML), `<curl>URL</curl>` or plain text with entities. Undefined when
 * the reply is not in that shape.
 */
export function parsePostbackReply(body: string, truncated = false): PostbackVerdict | undefined {
  if (!/<xml[\s>]/i.test(body)) return undefined;
  const status = /<status>\s*([01])\s*<\/status>/i.exec(body);
  if (!status) return undefined;
  // Only the first 10 KB are kept: a text cut off there is shown as far as it came.
  const textMatch = (truncated ? /<text>([\s\S]*?)(?:<\/text>|$)/i : /<text>([\s\S]*?)<\/text>/i).exec(body);
  let text = textMatch?.[1]?.trim() ?? '';
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(text);
  if (cdata) text = cdata[1] ?? '';
  else if (!/^<(curl|html)[\s>]/i.test(text)) text = decodeEntities(text);
  return { status: status[1] === '1' ? 1 : 0, text };
}

/** The documented leading fields of a posted scan, in their order (the same for real scans and the postback tool's). */
function scanFields(scan: { value: string; serviceId: number; udid: string; userId: number | null; scanId: number; scannedAt: string; receivedAt: string }): [string, string][] {
  return [
    ['tid', scan.value],
    ['sid', String(scan.serviceId)],
    ['udid', scan.udid],
    ['userid', scan.userId === null ? '' : String(scan.userId)],
    ['scanid', String(scan.scanId)],
    ['scanned_at_utc', legacyUtc(scan.scannedAt)],
    ['received_at_utc', legacyUtc(scan.receivedAt)],
  ];
}

/** One attempt to post a scan, as the postback log (`integrations/postbacks`) records it. */
export type PostbackAttempt = { serviceId: number; scanId: number; url: string; kind: 'validate' | 'forward'; ok: boolean; httpStatus: number | null; outcome: string; durationMs: number };

/** Where attempts are recorded (the integrations module's postback log); recording never fails a delivery. */
export type PostbackRecorder = { record(accountId: number, attempt: PostbackAttempt): Promise<void> };

/** Posts scans to customers' URLs: validation (the reply decides) and forwarding (retried as jobs). */
export class Postbacks {
  constructor(
    private readonly deps: { repo: ScansRepo; queue: JobQueue; bus: EventBus; allowPrivateUrls: boolean; timeoutMs?: number; recorder?: PostbackRecorder },
  ) {}

  private async record(accountId: number, attempt: PostbackAttempt): Promise<void> {
    await this.deps.recorder?.record(accountId, { ...attempt, outcome: attempt.outcome.slice(0, 1000) }).catch(() => undefined);
  }

  /** The documented form fields for a stored scan (with `status` and `text` when re-posting a result). */
  async fields(accountId: number, scanId: number, withResult: boolean): Promise<[string, string][]> {
    return (await this.load(accountId, scanId, withResult)).fields;
  }

  private async load(accountId: number, scanId: number, withResult: boolean): Promise<{ serviceId: number; fields: [string, string][] }> {
    const scan = await this.deps.repo.get(accountId, scanId);
    if (!scan) throw new PermanentJobError(`Scan ${scanId} no longer exists.`);
    const [answers, properties, udid] = await Promise.all([
      this.deps.repo.answersOf(accountId, [scanId]),
      this.deps.repo.propertiesOf(accountId, [scanId]),
      scan.device_id === null ? Promise.resolve(undefined) : this.deps.repo.deviceUdid(accountId, scan.device_id),
    ]);
    const fields = scanFields({ value: scan.value, serviceId: scan.service_id, udid: udid ?? '', userId: scan.app_user_id, scanId: scan.id, scannedAt: scan.scanned_at, receivedAt: scan.received_at });
    if (withResult) fields.push(['status', String(scan.status)], ['text', scan.response]);
    const byQuestion = new Map<number, { text: string; values: string[] }>();
    for (const a of answers) {
      const entry = byQuestion.get(a.question_id) ?? { text: a.question_text, values: [] };
      entry.values.push(a.answer);
      byQuestion.set(a.question_id, entry);
    }
    for (const [qid, a] of byQuestion) fields.push([`questions[${qid}]`, a.text], [`answers[${qid}]`, a.values.join('|^|')]);
    const reserved = new Set(fields.map(([name]) => name));
    for (const p of properties) if (!reserved.has(p.name)) fields.push([p.name, p.value]);
    return { serviceId: scan.service_id, fields };
  }

  /** Posts a scan and reads the verdict; a failure says why in words an operator understands. Each attempt is recorded. */
  async validate(accountId: number, scanId: number, url: string): Promise<PostbackVerdict | { failure: string; permanent: boolean }> {
    const { serviceId, fields } = await this.load(accountId, scanId, false);
    const started = performance.now();
    const outcome = await this.ask(url, fields);
    const { httpStatus, ...verdict } = outcome;
    const ok = !('failure' in verdict);
    await this.record(accountId, { serviceId, scanId, url, kind: 'validate', ok, httpStatus: httpStatus ?? null, outcome: ok ? `${verdict.status === 1 ? 'Valid' : 'Invalid'}: ${verdict.text}` : verdict.failure, durationMs: Math.round(performance.now() - started) });
    return verdict;
  }

  private async ask(url: string, fields: [string, string][]): Promise<(PostbackVerdict | { failure: string; permanent: boolean }) & { httpStatus?: number }> {
    let reply;
    try {
      reply = await postForm(url, fields, { allowPrivate: this.deps.allowPrivateUrls, timeoutMs: this.deps.timeoutMs ?? POSTBACK_TIMEOUT_MS, maxBytes: POSTBACK_MAX_BYTES });
    } catch (error) {
      const permanent = error instanceof OutboundUrlError;
      return { failure: error instanceof Error ? error.message : String(error), permanent };
    }
    const httpStatus = reply.status;
    if (reply.status < 200 || reply.status >= 300) return { failure: `The server answered HTTP ${reply.status}.`, permanent: reply.status >= 400 && reply.status < 500, httpStatus };
    const verdict = parsePostbackReply(reply.body.toString('utf8'), reply.truncated);
    if (!verdict) return { failure: reply.truncated ? 'The first 10 KB of the reply did not hold a status.' : 'The reply was not <xml><message><status>…</status><text>…</text></message></xml>.', permanent: true, httpStatus };
    return { ...verdict, httpStatus };
  }

  /**
   * The postback tool: posts a made-up scan (`scanid` 0, this moment's times, the chosen service's questions with
   * empty answers) to a URL exactly as `validate` or forwarding would, and answers what was sent, what came back,
   * how it was read and why the app would refuse it. Nothing is stored.
   */
  async test(accountId: number, input: { url: string; value: string; serviceId?: number | undefined; withResult: boolean }): Promise<TestPostbackReply> {
    const now = new Date().toISOString();
    const fields = scanFields({ value: input.value, serviceId: input.serviceId ?? 0, udid: 'postback-tool', userId: null, scanId: 0, scannedAt: now, receivedAt: now });
    if (input.withResult) fields.push(['status', '1'], ['text', '']);
    if (input.serviceId !== undefined) {
      const known = await this.deps.repo.namesOf(accountId, { services: [input.serviceId], users: [], devices: [] });
      if (known.services.length === 0) throw new AppError('NOT_FOUND', 'There is no such service.');
      for (const q of await this.deps.repo.serviceQuestions(accountId, input.serviceId)) fields.push([`questions[${q.question_id}]`, q.text], [`answers[${q.question_id}]`, '']);
    }
    const request = { url: input.url, method: 'POST' as const, contentType: 'application/x-www-form-urlencoded', fields, body: new URLSearchParams(fields).toString() };
    const started = performance.now();
    let reply;
    try {
      reply = await postForm(input.url, fields, { allowPrivate: this.deps.allowPrivateUrls, timeoutMs: this.deps.timeoutMs ?? POSTBACK_TIMEOUT_MS, maxBytes: POSTBACK_MAX_BYTES });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { request, response: null, verdict: null, problem: error instanceof OutboundUrlError ? why : `Could not reach the server: ${why}` };
    }
    const body = reply.body.toString('utf8');
    const response = { httpStatus: reply.status, contentType: reply.contentType, body, truncated: reply.truncated, ms: Math.round(performance.now() - started) };
    const parsed = parsePostbackReply(body, reply.truncated);
    const verdict = parsed ? { status: parsed.status, ...(({ kind, text }) => ({ textKind: kind, text }))(responseKind(parsed.text)) } : null;
    let problem: string | null = null;
    if (reply.status < 200 || reply.status >= 300) problem = `The server answered HTTP ${reply.status}: the app only reads a 2xx reply${input.withResult ? '' : ', and retries a validation that failed (a 4xx is not retried)'}.`;
    else if (!parsed && !input.withResult)
      problem = reply.truncated ? 'The first 10 KB of the reply did not hold a status: the app keeps only 10 KB.' : 'The reply is not <xml><message><status>1 or 0</status><text>…</text></message></xml>, so the app cannot tell valid from invalid.';
    return { request, response, verdict, problem };
  }

  /** Queues another try of a failed validation postback (its answer then updates the scan). */
  async retryLater(accountId: number, scanId: number, url: string): Promise<void> {
    await this.deps.queue.enqueue(POSTBACK_RETRY_JOB, { scanId, url } satisfies DeliveryPayload, { accountId, maxAttempts: 5, runAt: new Date(Date.now() + 5_000) });
  }

  /** Queues forwarding of a scan to a URL (non-postback services with forwarding on). */
  async forward(accountId: number, scanId: number, url: string): Promise<void> {
    await this.deps.queue.enqueue(POSTBACK_FORWARD_JOB, { scanId, url } satisfies DeliveryPayload, { accountId, maxAttempts: 5 });
  }

  /** Job handlers for both delivery types. */
  handlers(): Map<string, JobHandler> {
    const retry: JobHandler = async (ctx) => {
      const p = ctx.payload as DeliveryPayload;
      if (ctx.accountId === null) throw new PermanentJobError('A postback needs an account.');
      const verdict = await this.validate(ctx.accountId, p.scanId, p.url);
      if ('failure' in verdict) {
        if (verdict.permanent) throw new PermanentJobError(verdict.failure);
        throw new Error(verdict.failure);
      }
      await this.deps.repo.setResult(ctx.accountId, p.scanId, verdict.status, verdict.text, nowIso());
      await this.deps.bus.publish({ accountId: ctx.accountId, topic: 'scan', id: p.scanId });
      return { summary: `Scan ${p.scanId} validated by ${new URL(p.url).host}: ${verdict.status === 1 ? 'valid' : 'invalid'}.` };
    };
    const forward: JobHandler = async (ctx) => {
      const p = ctx.payload as DeliveryPayload;
      if (ctx.accountId === null) throw new PermanentJobError('A postback needs an account.');
      const accountId = ctx.accountId;
      const { serviceId, fields } = await this.load(accountId, p.scanId, true);
      const started = performance.now();
      const note = (ok: boolean, httpStatus: number | null, outcome: string) =>
        this.record(accountId, { serviceId, scanId: p.scanId, url: p.url, kind: 'forward', ok, httpStatus, outcome, durationMs: Math.round(performance.now() - started) });
      let reply;
      try {
        reply = await postForm(p.url, fields, { allowPrivate: this.deps.allowPrivateUrls, timeoutMs: this.deps.timeoutMs ?? POSTBACK_TIMEOUT_MS, maxBytes: POSTBACK_MAX_BYTES });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        await note(false, null, error instanceof OutboundUrlError ? why : `Could not reach the server: ${why}`);
        if (error instanceof OutboundUrlError) throw new PermanentJobError(error.message);
        throw error;
      }
      const ok = reply.status >= 200 && reply.status < 300;
      await note(ok, reply.status, ok ? 'Delivered.' : `The server answered HTTP ${reply.status}.`);
      if (reply.status >= 400 && reply.status < 500) throw new PermanentJobError(`${new URL(p.url).host} answered HTTP ${reply.status}.`);
      if (reply.status < 200 || reply.status >= 300) throw new Error(`${new URL(p.url).host} answered HTTP ${reply.status}.`);
      return { summary: `Scan ${p.scanId} delivered to ${new URL(p.url).host}.` };
    };
    return new Map([
      [POSTBACK_RETRY_JOB, retry],
      [POSTBACK_FORWARD_JOB, forward],
    ]);
  }
}
