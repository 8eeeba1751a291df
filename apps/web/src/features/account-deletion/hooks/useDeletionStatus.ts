import { getDeletionStatus } from '@scanbase/contracts/account-deletion';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/**
 * The scheduled deletion, the grace period and the last export run (`account/deletion/status`).
 * `enabled: false` holds the request back (the page does so while a mailed restore link is being used, so the status
 * it shows is read after the restore and cannot be an answer from before it).
 */
export function useDeletionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['account-deletion'], queryFn: () => v2.call(getDeletionStatus, {}), enabled });
}
