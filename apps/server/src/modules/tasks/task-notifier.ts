import type { TaskOutputs } from '@scanbase/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import { postForm } from '../../platform/http/outbound-http.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { TasksRepo } from './tasks.repo.js';

/** Tells the task's recipients how a run ended: mail to the lists, and a form POST to the postback URL. */
export class TaskNotifier {
  constructor(
    private readonly deps: { tasks: TasksRepo; mailer: Mailer; publicUrl: string; allowPrivateUrls: boolean; log: FastifyBaseLogger },
  ) {}

  /** Called when a run ends; only final states of task runs notify. */
  async notify(job: JobRow, state: string): Promise<void> {
    if (job.task_id === null || job.account_id === null || (state !== 'succeeded' && state !== 'failed')) return;
    const task = await this.deps.tasks.get(job.account_id, job.task_id);
    if (!task) return;
    const outputs = JSON.parse(task.outputs) as TaskOutputs;
    const link = `${this.deps.publicUrl}/account/tasks/progress/${job.id}`;
    const recipients = state === 'succeeded' ? outputs.notifyOnSuccess : outputs.notifyOnFailure;
    for (const to of recipients) {
      await this.deps.mailer
        .send({
          to,
          subject: state === 'succeeded' ? `Task finished: ${task.name}` : `Task failed: ${task.name}`,
          text: state === 'succeeded' ? `The task "${task.name}" finished.\n\nSee the result and download its file: ${link}\n\n— Scanbase` : `The task "${task.name}" failed.\n\nSee what went wrong: ${link}\n\n— Scanbase`,
        })
        .catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'task notification mail failed'));
    }
    if (outputs.postbackUrl) {
      await postForm(
        outputs.postbackUrl,
        [
          ['task_id', String(task.id)],
          ['task_name', task.name],
          ['task_type', task.type],
          ['run_id', String(job.id)],
          ['state', state],
          ['result_url', link],
        ],
        { allowPrivate: this.deps.allowPrivateUrls, timeoutMs: 15_000, maxBytes: 10_240 },
      ).catch((err: unknown) => this.deps.log.warn({ err, jobId: job.id }, 'task postback failed'));
    }
  }
}
