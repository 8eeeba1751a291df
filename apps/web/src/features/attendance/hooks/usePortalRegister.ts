import { attendancePortalRegister } from '@scanbase/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';

export type PortalOccurrenceKey = { instanceId: number; sessionId: number; date: string };

/** One occurrence's register for its leader (`attendance/portal/register`); live through the `attendance` topic. */
export function usePortalRegister(key: PortalOccurrenceKey | null) {
  const { client } = usePortal('attendance');
  return useQuery({
    queryKey: ['attendance-portal', 'register', key?.instanceId, key?.sessionId, key?.date],
    queryFn: () => client.call(attendancePortalRegister, key ?? { instanceId: 0, sessionId: 0, date: '' }),
    enabled: key !== null,
  });
}
