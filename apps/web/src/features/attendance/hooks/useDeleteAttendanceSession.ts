import { deleteAttendanceSession } from '@scanbase/contracts/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes a session with its marks. */
export function useDeleteAttendanceSession(instanceId: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteAttendanceSession, { instanceId, id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['attendance'] }),
  });
}
