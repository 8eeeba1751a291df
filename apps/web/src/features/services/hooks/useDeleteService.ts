import { deleteService } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Deletes a service (`services/delete`); its scans stay. */
export function useDeleteService() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: (id: number) => v2.call(deleteService, { id }), onSettled: invalidate });
}
