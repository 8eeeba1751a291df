import { attendancePortalSessions } from '@scanbase/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';

/** The signed-in leader's occurrences (`attendance/portal/sessions`). */
export function usePortalSessions() {
  const { client, user } = usePortal('attendance');
  return useQuery({ queryKey: ['attendance-portal', 'sessions', user?.id], queryFn: () => client.call(attendancePortalSessions, {}), enabled: user !== null, refetchInterval: 60_000 });
}
