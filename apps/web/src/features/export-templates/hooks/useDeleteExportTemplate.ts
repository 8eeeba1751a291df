import { deleteExportTemplate } from '@scanbase/contracts/scan-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes an export template (`scans/templates/delete`); tasks that use it fail with a clear message. */
export function useDeleteExportTemplate() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteExportTemplate, { id }),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: ['exportTemplates', 'get', id] });
      return client.invalidateQueries({ queryKey: ['exportTemplates', 'list'] });
    },
  });
}
