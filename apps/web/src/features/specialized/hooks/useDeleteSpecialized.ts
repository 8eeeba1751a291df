import { deleteSpecialized } from '@scanbase/contracts/specialized';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes an instance (`specialized/delete`); its scans stay searchable. */
export function useDeleteSpecialized() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteSpecialized, { id }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['specialized'] }), client.invalidateQueries({ queryKey: ['services'] })]),
  });
}
