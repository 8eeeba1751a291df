import { attendanceRegisterRoute } from '@scanbase/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The register of one occurrence, for an administrator (`attendance/register`); null: none chosen. */
export function useAttendanceRegister(instanceId: number, occurrence: { sessionId: number; date: string } | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['attendance', 'register', instanceId, occurrence?.sessionId, occurrence?.date],
    queryFn: () => v2.call(attendanceRegisterRoute, { instanceId, sessionId: occurrence?.sessionId ?? 0, date: occurrence?.date ?? '' }),
    enabled: occurrence !== null,
  });
}
