import { editValue } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes a value, its response or validity (`databases/edit-value`). */
export function useEditValue() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; valueId: number; value?: string; response?: string; validity?: 0 | 1 }) => v2.call(editValue, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases', 'values'] }),
  });
}
