import { createTask, listTasks, runTask } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/**
 * Runs the "download a database" task for this database and answers the run id: the account's
 * existing on-demand task for it is reused, so repeated downloads do not pile up tasks.
 */
export function useDownloadDatabase() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const tasks = await v2.call(listTasks, { type: 'downloaddatabase', limit: 500 });
      const existing = tasks.items.find((task) => task.inputs.databaseId === id && task.schedule.kind === 'manual');
      if (existing) return (await v2.call(runTask, { id: existing.id })).jobId;
      const created = await v2.call(createTask, { type: 'downloaddatabase', name: `Download ${name}`.slice(0, 120), inputs: { databaseId: id }, schedule: { kind: 'manual' }, runNow: true });
      if (created.jobId === null) throw new Error('The download did not start. Try again.');
      return created.jobId;
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['tasks'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
