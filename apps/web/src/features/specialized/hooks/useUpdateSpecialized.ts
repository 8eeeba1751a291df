import { updateSpecialized } from '@scanbase/contracts/specialized';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';

/** Renames an instance and/or replaces its type settings (`specialized/update`). */
export function useUpdateSpecialized() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof updateSpecialized.body>) => v2.call(updateSpecialized, input),
    onSuccess: (instance) => client.setQueryData(['specialized', 'get', instance.id], instance),
    onSettled: () => client.invalidateQueries({ queryKey: ['specialized', 'list'] }),
  });
}
