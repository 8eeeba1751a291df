import { getExportTemplate } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One export template (`scans/templates/get`): the table shows its columns when the address names it (`template=`). */
export function useExportTemplate(id: number | undefined) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['exportTemplates', 'get', id], enabled: id !== undefined, queryFn: () => v2.call(getExportTemplate, { id: id ?? 0 }) });
}
