import type { TaskSchedule } from '@scanbase/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { nextRunAfter } from './task-schedule.js';
import type { TasksRepo } from './tasks.repo.js';

/** The job type that runs a task of the given type. */
export function taskJobType(type: string): string {
  return `task.${type}`;
}

/**
 * Turns due schedule slots into jobs. Several schedulers may run (scaled-out mode): each slot's
 * job has the dedupe key `task:<id>:<slot>`, so it is created exactly once whoever gets there first.
 */
export class TaskScheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tasks: TasksRepo,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 15_000,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick()
          .catch((err: unknown) => this.log.error({ err }, 'scheduler tick failed'))
          .finally(loop);
      }, this.intervalMs);
      this.timer.unref();
    };
    void this.tick().catch((err: unknown) => this.log.error({ err }, 'scheduler tick failed'));
    loop();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** Queues every due slot once; answers how many jobs this call created. */
  async tick(): Promise<number> {
    const now = this.now();
    let created = 0;
    for (const task of await this.tasks.due(now.toISOString(), 500)) {
      const slot = task.next_run_at;
      if (slot === null) continue;
      const { schedule, timezone } = JSON.parse(task.schedule) as { schedule: TaskSchedule; timezone: string };
      const jobId = await this.queue.enqueue(taskJobType(task.type), { taskId: task.id, slot }, { accountId: task.account_id, taskId: task.id, dedupeKey: `task:${task.id}:${slot}` });
      if (jobId !== undefined) created++;
      // A slot missed while the server was down runs once, then the schedule moves on from now.
      const from = new Date(Math.max(now.getTime(), new Date(slot).getTime()));
      await this.tasks.advance(task.id, slot, nextRunAfter(schedule, timezone, from)?.toISOString() ?? null);
    }
    return created;
  }
}
