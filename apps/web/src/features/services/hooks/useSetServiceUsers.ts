import { setServiceUsers } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Replaces the app users allowed to use a service (`services/set-users`). */
export function useSetServiceUsers() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: (input: { id: number; userIds: number[] }) => v2.call(setServiceUsers, input), onSuccess: invalidate });
}
