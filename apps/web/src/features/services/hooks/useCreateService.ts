import { createService } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { ServiceVariables } from '../basics-form';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Creates a service from legacy variables (`services/create`). */
export function useCreateService() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: (variables: ServiceVariables) => v2.call(createService, { variables }), onSuccess: invalidate });
}
