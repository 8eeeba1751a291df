import { getIpAllowList } from '@scanbase/contracts/api-access';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The IP allow-list and the address this browser calls from (`ipallowlist/get`). */
export function useIpAllowList() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['ipallowlist'], queryFn: () => v2.call(getIpAllowList, {}) });
}
