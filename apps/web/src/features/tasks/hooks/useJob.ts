import { getJob } from '@scanbase/contracts/tasks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useLiveJobs } from './useLiveJobs';

/** Whether a run may still change (queued or running). */
export function isActiveState(state: string | undefined): boolean {
  return state === 'queued' || state === 'running';
}

/** One run with its log (`jobs/get`): refetched when the live socket names it, and every 2 s while it is active. */
export function useJob(id: number | null) {
  const { v2 } = useServices();
  const client = useQueryClient();
  const queryKey = ['runs', 'get', id];
  useLiveJobs((jobId) => {
    if (id !== null && jobId === id) void client.invalidateQueries({ queryKey });
  });
  return useQuery({
    queryKey,
    enabled: id !== null,
    queryFn: () => v2.call(getJob, { id: id ?? 0 }),
    staleTime: 0,
    refetchInterval: (query) => (isActiveState(query.state.data?.state) ? 2000 : false),
  });
}
