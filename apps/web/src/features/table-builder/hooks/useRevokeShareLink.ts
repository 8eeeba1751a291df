import { tableBuilderLinkRevoke } from '@scanbase/contracts/table-builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Revokes a share link (`table-builder/link-revoke`). */
export function useRevokeShareLink(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => v2.call(tableBuilderLinkRevoke, { id, linkId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['table-builder', 'links', id] }),
  });
}
