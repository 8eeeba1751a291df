import { exportColumnChoices } from '@scanbase/contracts/scan-data';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The questions of the instance's service and the property names its scans carry (`scans/templates/columns`). */
export function useColumnChoices(id: number | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['scan-to-excel', 'choices', id],
    queryFn: () => v2.call(exportColumnChoices, { serviceIds: id === null ? [] : [id] }),
    enabled: id !== null,
  });
}
