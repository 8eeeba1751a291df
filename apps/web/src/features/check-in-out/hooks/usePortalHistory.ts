import { portalCheckInOutHistory } from '@scanbase/contracts/check-in-out';
import { useQuery } from '@tanstack/react-query';
import { usePortalCheckInOut } from './usePortalCheckInOut';

/** One value's state and history in the portal (`app/checkinout/history`). */
export function usePortalHistory(id: number | null, value: string) {
  const { client } = usePortalCheckInOut('CIO.valueresponse');
  return useQuery({ queryKey: ['portal', 'checkinout', 'history', id, value], queryFn: () => client.call(portalCheckInOutHistory, { id: id ?? 0, value }), enabled: id !== null && value !== '' });
}
