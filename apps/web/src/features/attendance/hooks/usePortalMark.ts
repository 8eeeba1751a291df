import { attendancePortalMark, type AttendanceStatus } from '@scanbase/contracts/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';
import type { PortalOccurrenceKey } from './usePortalRegister';

/** Marks a person by hand; the reply is the register, put straight into the cache. */
export function usePortalMark(key: PortalOccurrenceKey) {
  const { client } = usePortal('attendance');
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (input: { personId: number; status: AttendanceStatus; note: string }) => client.call(attendancePortalMark, { ...key, ...input }),
    onSuccess: (register) => cache.setQueryData(['attendance-portal', 'register', key.instanceId, key.sessionId, key.date], register),
  });
}
