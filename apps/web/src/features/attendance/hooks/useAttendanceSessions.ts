import { listAttendanceSessions } from '@scanbase/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The sessions of an attendance instance (`attendance/sessions`); refreshed by the `attendance` live topic. */
export function useAttendanceSessions(instanceId: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['attendance', 'sessions', instanceId], queryFn: () => v2.call(listAttendanceSessions, { instanceId }) });
}
