import { updateShortLink } from '@scanbase/contracts/short-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes a short link's label or expiry (`links/update`). */
export function useUpdateShortLink() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; label?: string; expiresAt?: string | null }) => v2.call(updateShortLink, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['links'] }),
  });
}
