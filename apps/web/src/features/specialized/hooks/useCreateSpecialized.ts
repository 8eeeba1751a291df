import { createSpecialized } from '@scanbase/contracts/specialized';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';

/** Creates an instance with everything its type needs (`specialized/create`). */
export function useCreateSpecialized() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createSpecialized.body>) => v2.call(createSpecialized, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['specialized'] }), client.invalidateQueries({ queryKey: ['services'] }), client.invalidateQueries({ queryKey: ['databases'] })]),
  });
}
