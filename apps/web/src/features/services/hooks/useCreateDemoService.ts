import { createDemoService } from '@scanbase/contracts/services';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useInvalidateScanConfig } from './useInvalidateScanConfig';

/** Creates the demo: a ticket database, two questions and a validating service (`services/create-demo`). */
export function useCreateDemoService() {
  const { v2 } = useServices();
  const invalidate = useInvalidateScanConfig();
  return useMutation({ mutationFn: () => v2.call(createDemoService, {}), onSuccess: invalidate });
}
