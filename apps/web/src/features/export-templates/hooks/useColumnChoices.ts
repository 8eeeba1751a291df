import { exportColumnChoices } from '@scanbase/contracts/scan-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The columns a template can use for these services (`scans/templates/columns`; none = every service's questions). */
export function useColumnChoices(serviceIds: readonly number[]) {
  const { v2 } = useServices();
  const ids = [...serviceIds].sort((a, b) => a - b);
  return useQuery({ queryKey: ['exportTemplates', 'columns', ids], queryFn: () => v2.call(exportColumnChoices, { serviceIds: ids }), placeholderData: keepPreviousData });
}
