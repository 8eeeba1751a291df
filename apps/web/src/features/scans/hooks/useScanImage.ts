import { scanFile } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The image of a photo or signature answer as a blob (`scans/file`; a small JPEG when `thumbnail`), fetched while `enabled`. */
export function useScanImage(answerId: number, thumbnail: boolean, enabled = true) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['scans', 'file', answerId, thumbnail],
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    queryFn: async () => (await v2.callForFile(scanFile, { answerId, thumbnail })).blob,
  });
}
