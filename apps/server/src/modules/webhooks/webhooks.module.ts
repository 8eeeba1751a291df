import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { WebhookEvent } from './webhook-events.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { WebhooksService } from './webhooks.service.js';

/** Wires account webhooks: the service (also the event emitter) over its repository and the job queue. */
export function createWebhooks(deps: { db: Db; queue: JobQueue; mailer: Mailer; log: FastifyBaseLogger; accounts: AccountsRepo; allowPrivateUrls: boolean; publicUrl: string; timeoutMs: number; sqliteFile?: string | null }): WebhooksService {
  // The pause mail goes to the account's admin email setting, else to the owner.
  const adminEmail = async (accountId: number) => {
    const account = await deps.accounts.getAccount(accountId);
    if (account && account.admin_email.trim() !== '') return account.admin_email.trim();
    return (await deps.accounts.getAdminOfAccount(accountId))?.email;
  };
  return new WebhooksService({ repo: new WebhooksRepo(deps.db.kysely, deps.db.dialect), queue: deps.queue, mailer: deps.mailer, log: deps.log, adminEmail, allowPrivateUrls: deps.allowPrivateUrls, publicUrl: deps.publicUrl, timeoutMs: deps.timeoutMs, sqliteFile: deps.sqliteFile });
}

/** Task types whose runs are imports: their end is also an `import.finished` event. */
const IMPORT_TASKS = new Set(['importdatabase', 'importuser']);

/**
 * Emits `task_run.finished` / `task_run.failed` (and `import.finished` for imports) when a task run ends for good
 * (a run that will be retried is not finished). Hung on the job worker's finished listener.
 */
export function taskRunEvents(queue: JobQueue, events: WebhooksService, log: FastifyBaseLogger): (job: JobRow, state: string) => void {
  return (job, state) => {
    if (!job.type.startsWith('task.') || job.account_id === null || (state !== 'succeeded' && state !== 'failed')) return;
    const accountId = job.account_id;
    const type = job.type.slice('task.'.length);
    void (async () => {
      const run = await queue.get(accountId, job.id);
      const result = run?.result ? (JSON.parse(run.result) as { summary?: string; report?: unknown }) : {};
      const data = { id: job.id, taskId: job.task_id, type, state, summary: result.summary ?? null, error: run?.error ?? null, startedAt: run?.started_at ?? null, finishedAt: run?.finished_at ?? null };
      const list: WebhookEvent[] = [{ type: state === 'succeeded' ? 'task_run.finished' : 'task_run.failed', data }];
      if (IMPORT_TASKS.has(type)) list.push({ type: 'import.finished', data: { ...data, report: result.report ?? null } });
      await events.emit(accountId, list);
    })().catch((err: unknown) => log.error({ err, jobId: job.id }, 'task run webhook failed'));
  };
}
