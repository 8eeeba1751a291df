import { createShortLink } from '@scanbase/contracts/short-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Makes a short link (`links/create`). */
export function useCreateShortLink() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: string; label: string; expiresAt: string | null }) => v2.call(createShortLink, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['links'] }),
  });
}
