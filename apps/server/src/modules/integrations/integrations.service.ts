import {
  triggerLabels,
  triggerSamples,
  type HookSource,
  type PostbackTarget,
  type RestHook,
  type TriggerEventType,
} from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';

type AutomationValue = { databaseId: number; id: number; value: string; response: string; validity: number };
import type { DatabasesService } from '../databases/databases.service.js';
import type { ScansRepo } from '../scans/scans.repo.js';
import type { PostbackAttempt, PostbackRecorder } from '../scans/postback.js';
import { parseStoredSettings } from '../services/service-settings.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { HookRow, IntegrationsRepo } from './integrations.repo.js';

/** What the postback page shows of each target. */
const RECENT = 10;

function showHook(row: HookRow): RestHook {
  const events = JSON.parse(row.events) as string[];
  return { id: row.id, event: events[0] ?? '', targetUrl: row.url, source: row.source as HookSource, active: row.active === 1, createdAt: row.created_at };
}

/**
 * The integrations pages and what Zapier and Make call: the postback log and its page, REST hooks (webhook
 * subscriptions to one event, marked with their source), the polling fallback and sample payloads, and the actions
 * and searches of their own (a database value added or updated, found; a scan found), which call the databases service.
 */
export class IntegrationsService implements PostbackRecorder {
  constructor(
    private readonly deps: {
      repo: IntegrationsRepo;
      scans: ScansRepo;
      webhooks: WebhooksService;
      databases: DatabasesService;
      /** Refuses (FORBIDDEN, `details.planLimit`) when the plan has no room for another database value (billing). */
      assertValueRoom?: (accountId: number) => Promise<void>;
      account: (accountId: number) => Promise<{ name: string; email: string } | undefined>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** PostbackRecorder: one attempt into the postback log. */
  async record(accountId: number, attempt: PostbackAttempt): Promise<void> {
    await this.deps.repo.recordPostback(accountId, attempt, new Date(this.now()).toISOString());
  }

  /** Every service with a postback URL: what it sends there, its newest attempts and the last day's failures. */
  async postbackTargets(accountId: number): Promise<PostbackTarget[]> {
    const services = await this.deps.repo.postbackServices(accountId);
    const stats = await this.deps.repo.postbackStats(accountId, new Date(this.now() - 86_400_000).toISOString());
    return Promise.all(
      services.map(async (s) => {
        const validate = s.validation_method === 'postback';
        const settings = parseStoredSettings(s.settings);
        const what = settings.postbackReceiverOnly
          ? 'every scan (the URL only receives them)'
          : [settings.postbackRealTimeScans && 'scans received in real time', settings.postbackUploadedScans && 'uploaded (offline) scans'].filter(Boolean).join(' and ');
        const sends = validate ? 'every scan, and the reply decides whether it is valid' : what === '' ? 'nothing: forwarding is off for this service' : what;
        const [recent, lastOk, lastFailed] = await Promise.all([
          this.deps.repo.recentPostbacks(accountId, s.id, RECENT),
          this.deps.repo.lastPostback(accountId, s.id, true),
          this.deps.repo.lastPostback(accountId, s.id, false),
        ]);
        const stat = stats.get(s.id) ?? { total: 0, failed: 0 };
        return {
          serviceId: s.id,
          serviceName: s.name,
          url: s.postback_url,
          kind: validate ? ('validate' as const) : ('forward' as const),
          sends,
          active: validate || what !== '',
          recent: recent.map((d) => ({ id: d.id, scanId: d.scan_id, kind: d.kind, ok: d.ok === 1, httpStatus: d.http_status, outcome: d.outcome, durationMs: d.duration_ms, at: d.created_at })),
          failuresLast24h: stat.failed,
          deliveriesLast24h: stat.total,
          lastSuccessAt: lastOk ?? null,
          lastFailureAt: lastFailed ?? null,
        };
      }),
    );
  }

  /** Which account a key belongs to (connection test). */
  async me(accountId: number): Promise<{ accountId: number; name: string; email: string }> {
    const a = await this.deps.account(accountId);
    if (!a) throw new AppError('NOT_FOUND', 'There is no such account.');
    return { accountId, ...a };
  }

  /** A REST hook: a webhook subscription of the target URL to one event (and one service, when given). */
  async subscribe(accountId: number, input: { targetUrl: string; event: TriggerEventType; serviceId?: number | undefined; source: HookSource }): Promise<RestHook> {
    const label = { zapier: 'Zapier', make: 'Make', api: 'REST hook' }[input.source];
    const { subscription } = await this.deps.webhooks.create(
      accountId,
      { url: input.targetUrl, description: `${label}: ${triggerLabels[input.event]}`, events: [input.event], serviceIds: input.serviceId === undefined ? [] : [input.serviceId], active: true },
      input.source,
    );
    const row = await this.deps.repo.hook(accountId, subscription.id);
    return showHook(row!);
  }

  /** Removes a REST hook (only subscriptions made as REST hooks). */
  async unsubscribe(accountId: number, id: number): Promise<void> {
    const row = await this.deps.repo.hook(accountId, id);
    if (!row || row.source === '') throw new AppError('NOT_FOUND', 'There is no such REST hook.');
    await this.deps.webhooks.delete(accountId, id);
  }

  async hooks(accountId: number, source?: HookSource): Promise<RestHook[]> {
    return (await this.deps.repo.hooks(accountId, source)).map(showHook);
  }

  /** The newest scans (after `sinceId`, of one service, with exactly one value), newest first, shaped like `scan.created` data. */
  private async scanPayloads(accountId: number, q: { sinceId: number; serviceId?: number | undefined; value?: string | undefined; limit: number }) {
    const rows = await this.deps.repo.newestScans(accountId, q);
    const ids = rows.map((r) => r.id);
    const [answers, properties] = await Promise.all([this.deps.scans.answersOf(accountId, ids), this.deps.scans.propertiesOf(accountId, ids)]);
    return rows.map((r) => {
      const byQuestion = new Map<number, string[]>();
      for (const a of answers) if (a.scan_id === r.id) byQuestion.set(a.question_id, [...(byQuestion.get(a.question_id) ?? []), a.answer]);
      return {
        id: r.id, serviceId: r.service_id, value: r.value, status: r.status, response: r.response, appUserId: r.app_user_id, deviceId: r.device_id, uploadId: r.upload_id, clientScanId: r.client_scan_id, scannedAt: r.scanned_at, receivedAt: r.received_at,
        answers: [...byQuestion].map(([questionId, values]) => ({ questionId, values })),
        properties: Object.fromEntries(properties.filter((p) => p.scan_id === r.id).map((p) => [p.name, p.value])),
      };
    });
  }

  /** The polling fallback: the newest objects of an event after `sinceId`, newest first, shaped like the event's `data`. */
  async poll(accountId: number, q: { event: TriggerEventType; sinceId?: number | undefined; serviceId?: number | undefined; limit: number }): Promise<Record<string, unknown>[]> {
    const sinceId = q.sinceId ?? 0;
    switch (q.event) {
      case 'scan.created':
        return this.scanPayloads(accountId, { sinceId, serviceId: q.serviceId, limit: q.limit });
      case 'upload.completed':
        return (await this.deps.repo.newestUploads(accountId, { sinceId, serviceId: q.serviceId, limit: q.limit })).map((r) => ({ id: r.id, serviceId: r.service_id, appUserId: r.app_user_id, deviceId: r.device_id, scanCount: r.count }));
      case 'database_value.created':
        return (await this.deps.repo.newestValues(accountId, { sinceId, limit: q.limit })).map((r) => ({ databaseId: r.database_id, id: r.id, value: r.value, response: r.response, validity: r.validity }));
      case 'task_run.finished':
        return (await this.deps.repo.newestTaskRuns(accountId, { sinceId, limit: q.limit })).map((r) => {
          const result = r.result ? (JSON.parse(r.result) as { summary?: string }) : {};
          return { id: r.id, taskId: r.task_id, type: r.type.slice('task.'.length), state: r.state, summary: result.summary ?? null, error: r.error, startedAt: r.started_at, finishedAt: r.finished_at };
        });
    }
  }

  /** The account's newest object of the event, else a made-up one. */
  async sample(accountId: number, event: TriggerEventType): Promise<Record<string, unknown>> {
    const [newest] = await this.poll(accountId, { event, limit: 1 });
    return newest ?? triggerSamples[event];
  }

  /** The value of a database with exactly this text (the database's case sensitivity applies); NOT_FOUND for no such database. */
  async findValue(accountId: number, databaseId: number, value: string): Promise<AutomationValue[]> {
    const { rows } = await this.deps.databases.findValues(accountId, databaseId, { value }, { limit: 1, offset: 0 });
    return rows.map((r) => ({ databaseId, id: r.id, value: r.value, response: r.response, validity: r.validity }));
  }

  /** The Zapier and Make action: the databases service's upsert (as the legacy `upsertvalue`), answering the value and whether it was new. */
  async upsertValue(accountId: number, input: { databaseId: number; value: string; response?: string | undefined; validity?: number | undefined }): Promise<AutomationValue & { created: boolean }> {
    const before = await this.findValue(accountId, input.databaseId, input.value);
    // A new value counts against the plan's value limit; changing one already there does not.
    if (before.length === 0) await this.deps.assertValueRoom?.(accountId);
    await this.deps.databases.upsertValue(accountId, input.databaseId, { value: input.value, response: input.response, validity: input.validity });
    const [after] = await this.findValue(accountId, input.databaseId, input.value);
    if (!after) throw new AppError('NOT_FOUND', 'The value was removed while it was being saved. Please try again.');
    return { ...after, created: before.length === 0 };
  }

  /** The newest scans with exactly this value (of one service when given), newest first. */
  async findScans(accountId: number, q: { value: string; serviceId?: number | undefined; limit: number }) {
    return this.scanPayloads(accountId, { sinceId: 0, serviceId: q.serviceId, value: q.value, limit: q.limit });
  }
}
