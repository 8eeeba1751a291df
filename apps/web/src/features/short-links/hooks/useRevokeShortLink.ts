import { revokeShortLink } from '@scanbase/contracts/short-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Revokes a short link for good (`links/revoke`). */
export function useRevokeShortLink() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(revokeShortLink, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['links'] }),
  });
}
