import { scanToExcelRows } from '@scanbase/contracts/scan-to-excel';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useLiveSheet } from './useLiveSheet';

/** A page of the sheet, newest scan first (`scan-to-excel/rows`), refreshed live as scans arrive. */
export function useSheetRows(id: number, page: number, limit: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  useLiveSheet(id, () => void client.invalidateQueries({ queryKey: ['scan-to-excel', 'rows', id] }));
  return useQuery({ queryKey: ['scan-to-excel', 'rows', id, page, limit], queryFn: () => v2.call(scanToExcelRows, { id, page, limit }), placeholderData: keepPreviousData });
}
