import { tableBuilderLinkCreate } from '@scanbase/contracts/table-builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';

/** Makes a share link (`table-builder/link-create`); the answer is the only time its address is shown. */
export function useCreateShareLink(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<z.input<typeof tableBuilderLinkCreate.body>, 'id'>) => v2.call(tableBuilderLinkCreate, { id, ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['table-builder', 'links', id] }),
  });
}
