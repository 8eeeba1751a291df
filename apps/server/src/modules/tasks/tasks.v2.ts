import { v2Routes } from '@scanbase/contracts';
import { bindV2, RawReply, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { TasksService } from './tasks.service.js';

/** V2 routes of tasks (definitions, schedules, notifications) and their runs (jobs). */
export function tasksV2(tasks: TasksService): V2Binding[] {
  return [
    bindV2(v2Routes.taskCatalogue, async () => ({ items: tasks.catalogue() })),
    bindV2(v2Routes.listTasks, ({ session, body }) => tasks.list(session.accountId, body)),
    bindV2(v2Routes.getTask, ({ session, body }) => tasks.get(session.accountId, body.id)),
    bindV2(v2Routes.createTask, ({ session, body }) => tasks.create(session.accountId, body)),
    bindV2(v2Routes.updateTask, ({ session, body }) => tasks.update(session.accountId, body)),
    bindV2(v2Routes.deleteTask, async ({ session, body }) => {
      await tasks.delete(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.runTask, async ({ session, body }) => ({ jobId: await tasks.runNow(session.accountId, body.id) })),
    bindV2(v2Routes.listNotifications, ({ session }) => tasks.notifications(session.accountId)),
    bindV2(v2Routes.listJobs, ({ session, body }) => tasks.listJobs(session.accountId, body)),
    bindV2(v2Routes.getJob, ({ session, body }) => tasks.getJob(session.accountId, body.id)),
    bindV2(v2Routes.cancelJob, async ({ session, body }) => ({ state: await tasks.cancelJob(session.accountId, body.id) })),
    bindV2(v2Routes.retryJob, async ({ session, body }) => {
      await tasks.retryJob(session.accountId, body.id);
      return { ok: true as const };
    }),
    bindV2(v2Routes.uploadTaskSource, ({ session, files }) => tasks.saveSourceFile(session.accountId, files.find((f) => f.field === 'file') ?? files[0])),
    bindV2(v2Routes.downloadJobFile, async ({ session, body, reply }) => {
      const { file, data } = await tasks.jobFile(session.accountId, body.id);
      void reply.header('content-disposition', `attachment; filename="${file.name}"`);
      return new RawReply(file.contentType, data);
    }),
  ];
}
