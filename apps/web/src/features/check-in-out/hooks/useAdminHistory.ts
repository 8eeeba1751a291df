import { checkInOutHistory } from '@scanbase/contracts/check-in-out';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One value's state and history for the admin (`checkinout/history`); disabled without a value. */
export function useAdminHistory(id: number, value: string | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['checkinout', 'roster', 'history', id, value], queryFn: () => v2.call(checkInOutHistory, { id, value: value ?? '' }), enabled: value !== null });
}
