import { createAttendanceSession, updateAttendanceSession, type AttendanceSessionInput } from '@scanbase/contracts/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Adds a session, or changes one when `id` is given. */
export function useSaveAttendanceSession(instanceId: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, session }: { id: number | null; session: AttendanceSessionInput }) =>
      id === null ? v2.call(createAttendanceSession, { instanceId, session }) : v2.call(updateAttendanceSession, { instanceId, id, session }),
    onSettled: () => client.invalidateQueries({ queryKey: ['attendance'] }),
  });
}
