import { cancelJob } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Cancels a queued run or asks a running one to stop (`jobs/cancel`). */
export function useCancelJob() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(cancelJob, { id }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tasks'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
