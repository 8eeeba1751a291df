import { scanFile } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The image of a photo or signature answer as a blob (`scans/file`); a thumbnail unless asked for the full size. */
export function useScanFile(answerId: number, thumbnail: boolean) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['scans', 'file', answerId, thumbnail],
    staleTime: Infinity,
    queryFn: async () => (await v2.callForFile(scanFile, { answerId, thumbnail })).blob,
  });
}
