import { listFileStorageCopies } from '@scanbase/contracts/file-storage';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The copies of a run's file to the account's store; asked again while one is pending (`filestorage/copies`). */
export function useFileStorageCopies(jobId: number, enabled: boolean) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['file-storage', 'copies', jobId],
    queryFn: () => v2.call(listFileStorageCopies, { jobId }),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.state === 'pending') ? 3000 : false),
  });
}
