import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Db } from '../../platform/db/database.js';
import { JobQueue, defaultQueueOptions } from '../../platform/jobs/job-queue.js';
import { JobWorker } from '../../platform/jobs/job-worker.js';
import { JobsRepo, type JobRow } from '../../platform/jobs/jobs.repo.js';
import type { JobHandler } from '../../platform/jobs/job-types.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { BarcodesService } from '../barcodes/barcodes.service.js';
import type { ScanConfig } from '../services/scan-config.js';
import { registerImportTasks } from './import.tasks.js';
import { registerScanConfigTasks } from './scan-config.tasks.js';
import { generateBarcodesTask } from './generate-barcodes.task.js';
import { TaskCatalogue } from './task-catalogue.js';
import { TaskNotifier } from './task-notifier.js';
import { TaskScheduler } from './task-scheduler.js';
import { TasksRepo } from './tasks.repo.js';
import { TasksService, UNUSED_FILE_GRACE_MS } from './tasks.service.js';

/** The jobs platform and tasks of one process: queue, catalogue of task types, worker, scheduler, notifier. */
export type JobsModule = ReturnType<typeof createJobsModule>;

/** Wires the queue and tasks; modules that own a task type's data register its handler here. */
export function createJobsModule(deps: { config: Config; db: Db; bus: EventBus; mailer: Mailer; storage: BlobStorage; log: FastifyBaseLogger; barcodes: BarcodesService; scanConfig: ScanConfig }) {
  const queue = new JobQueue(new JobsRepo(deps.db.kysely, deps.db.dialect), deps.bus, { ...defaultQueueOptions, leaseMs: deps.config.jobs.leaseMs });
  const tasksRepo = new TasksRepo(deps.db.kysely);
  const catalogue = new TaskCatalogue();
  catalogue.register('generatebarcode', generateBarcodesTask(deps.barcodes));
  registerScanConfigTasks(catalogue, deps.scanConfig);
  registerImportTasks(catalogue, deps.scanConfig, { allowPrivateUrls: deps.config.allowPrivateUrls, maxImportBytes: 1024 * 1_048_576 });
  const tasks = new TasksService({ repo: tasksRepo, queue, catalogue, storage: deps.storage });
  const notifier = new TaskNotifier({ tasks: tasksRepo, mailer: deps.mailer, publicUrl: deps.config.publicUrl, allowPrivateUrls: deps.config.allowPrivateUrls, log: deps.log });
  const scheduler = new TaskScheduler(tasksRepo, queue, deps.log);
  // Job types that are not tasks (postback deliveries), registered by the modules that own them.
  const extraHandlers = new Map<string, JobHandler>();
  // Of those, the types that run in slots of their own (`registerJob`'s `slots`).
  const lanes = new Map<string, number>();
  // Listeners told of every finished run (webhooks), attached when the worker is built.
  const finishedListeners: ((job: JobRow, state: string) => void)[] = [];
  // The worker is built on first use, after every module has registered its task types.
  let worker: JobWorker | undefined;
  const getWorker = (): JobWorker => {
    if (!worker) {
      worker = new JobWorker(queue, new Map([...tasks.jobHandlers(), ...extraHandlers]), deps.log, { concurrency: deps.config.jobs.concurrency, pollMs: 500, shutdownGraceMs: 10_000, lanes });
      worker.onFinished((job, state) => void notifier.notify(job, state).catch((err: unknown) => deps.log.error({ err }, 'task notification failed')));
      for (const listener of finishedListeners) worker.onFinished(listener);
    }
    return worker;
  };
  return {
    queue,
    catalogue,
    tasks,
    scheduler,
    notifier,
    worker: getWorker,
    /** Registers a handler for a job type that is not a task (call before the worker starts); `slots` gives it slots of its own. */
    registerJob: (type: string, handler: JobHandler, options: { slots?: number } = {}) => {
      if (worker) throw new Error(`Job type ${type} registered after the worker started.`);
      extraHandlers.set(type, handler);
      if (options.slots !== undefined) lanes.set(type, options.slots);
    },
    /** Tells `listener` of every run that ends (call before the worker starts). */
    onRunFinished: (listener: (job: JobRow, state: string) => void) => {
      if (worker) throw new Error('Run listener added after the worker started.');
      finishedListeners.push(listener);
    },
    /** Deletes finished runs past the retention with their files, then uploaded source files nothing uses; answers how many runs. */
    cleanup: async () => {
      const removed = await queue.cleanup(deps.config.jobs.retentionDays, (key) => deps.storage.delete(key));
      await tasks.sweepUnusedFiles(new Date(Date.now() - UNUSED_FILE_GRACE_MS));
      return removed;
    },
  };
}
