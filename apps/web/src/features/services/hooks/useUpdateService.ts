import { updateService } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { ServiceVariables } from '../basics-form';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Changes the variables given; the rest stay (`services/update`). */
export function useUpdateService() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: (input: { id: number; variables: ServiceVariables }) => v2.call(updateService, input), onSuccess: invalidate });
}
