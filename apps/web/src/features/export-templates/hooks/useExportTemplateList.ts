import { listExportTemplates } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's export templates by name (`scans/templates/list`); also the exportscan task's template picker. */
export function useExportTemplateList() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['exportTemplates', 'list'], queryFn: () => v2.call(listExportTemplates, {}) });
}
