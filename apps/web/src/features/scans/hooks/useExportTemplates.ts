import { listExportTemplates } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's export templates by name (`scans/templates/list`), for the export dialog and the table's column choice. */
export function useExportTemplates(enabled = true) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['exportTemplates', 'list'], enabled, queryFn: () => v2.call(listExportTemplates, {}) });
}
