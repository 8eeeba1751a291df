import { createExportTemplate, updateExportTemplate, type ExportTemplateInput } from '@scanbase/contracts/scan-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Creates a template (`scans/templates/create`), or replaces one when an id is given (`scans/templates/update`). */
export function useSaveExportTemplate() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ExportTemplateInput }) => (id === null ? v2.call(createExportTemplate, input) : v2.call(updateExportTemplate, { ...input, id })),
    onSuccess: (template) => {
      client.setQueryData(['exportTemplates', 'get', template.id], template);
      return client.invalidateQueries({ queryKey: ['exportTemplates', 'list'] });
    },
  });
}
