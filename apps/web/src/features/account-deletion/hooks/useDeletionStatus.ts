import { getDeletionStatus } from '@scanbase/contracts/account-deletion';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The scheduled deletion, the grace period and the last export run (`account/deletion/status`). */
export function useDeletionStatus() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['account-deletion'], queryFn: () => v2.call(getDeletionStatus, {}) });
}
