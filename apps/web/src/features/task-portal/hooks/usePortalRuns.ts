import { portalTaskRuns } from '@scanbase/contracts/portals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';

/** A page of the runs of the tasks shared with the signed-in user; asked again every 3 s while one is queued or running. */
export function usePortalRuns(q: { q?: string | undefined; page: number; limit: number }) {
  const { client } = usePortal('taskportal');
  return useQuery({
    queryKey: ['portal', 'taskportal', 'runs', q],
    queryFn: () => client.call(portalTaskRuns, q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.state === 'queued' || r.state === 'running') ? 3000 : false),
  });
}
