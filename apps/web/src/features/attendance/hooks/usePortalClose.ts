import { attendancePortalClose } from '@scanbase/contracts/attendance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';
import type { PortalOccurrenceKey } from './usePortalRegister';

/** Closes an occurrence (everyone unmarked becomes absent). */
export function usePortalClose(key: PortalOccurrenceKey) {
  const { client } = usePortal('attendance');
  const cache = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(attendancePortalClose, key),
    onSuccess: (register) => {
      cache.setQueryData(['attendance-portal', 'register', key.instanceId, key.sessionId, key.date], register);
      void cache.invalidateQueries({ queryKey: ['attendance-portal', 'sessions'] });
    },
  });
}
