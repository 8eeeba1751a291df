import { getScan } from '@scanbase/contracts/scanner';
import { useQuery } from '@tanstack/react-query';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';

/** One scan with answers, properties and history (`scans/get`); not under `['scan']`, so scans arriving elsewhere do not refetch the editor. */
export function useScan(id: number | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['scans', 'get', id],
    enabled: id !== null,
    queryFn: () => v2.call(getScan, { id: id ?? 0 }),
    // An unknown scan stays unknown: no second try.
    retry: (count, error) => count < 1 && !(error instanceof V2Error && error.code === 'NOT_FOUND'),
  });
}
