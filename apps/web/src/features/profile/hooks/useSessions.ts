import { listSessions } from '@scanbase/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The web sessions of this login, the current one first (`me/sessions`). */
export function useSessions() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['me', 'sessions'], queryFn: () => v2.call(listSessions, {}) });
}
