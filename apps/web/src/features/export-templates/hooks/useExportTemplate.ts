import { getExportTemplate } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';

/** One export template (`scans/templates/get`); disabled while the id is not a number. */
export function useExportTemplate(id: number | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['exportTemplates', 'get', id],
    enabled: id !== null,
    queryFn: () => v2.call(getExportTemplate, { id: id ?? 0 }),
    retry: (count, error) => count < 1 && !(error instanceof V2Error && error.code === 'NOT_FOUND'),
  });
}
