import { retryJob } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Queues a failed or cancelled run again (`jobs/retry`). */
export function useRetryJob() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(retryJob, { id }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tasks'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
