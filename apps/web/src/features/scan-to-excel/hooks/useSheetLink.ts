import { scanToExcelLink } from '@scanbase/contracts/scan-to-excel';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Whether the instance has a secret download link and since when (`scan-to-excel/link`). */
export function useSheetLink(id: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['scan-to-excel', 'link', id], queryFn: () => v2.call(scanToExcelLink, { id }) });
}
