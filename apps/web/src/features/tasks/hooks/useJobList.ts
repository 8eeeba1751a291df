import { listJobs, type JobStateName } from '@scanbase/contracts/tasks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useServices } from '../../../app/useServices';
import { useLiveJobs } from './useLiveJobs';

export type JobListParams = { page: number; limit: number; state?: JobStateName; type?: string; taskId?: number; from?: string; to?: string };

const ACTIVE = new Set(['queued', 'running']);

/** A page of runs (`jobs/list`), refreshed by live job events (at most once a second) and every 2 s while one runs. */
export function useJobList(params: JobListParams) {
  const { v2 } = useServices();
  const client = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveJobs(() => {
    if (timer.current) return;
    const wait = Math.max(0, 1000 - (Date.now() - last.current));
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: ['runs', 'list'] });
    }, wait);
  });
  return useQuery({
    queryKey: ['runs', 'list', params],
    queryFn: () => v2.call(listJobs, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((job) => ACTIVE.has(job.state)) ? 2000 : false),
  });
}
