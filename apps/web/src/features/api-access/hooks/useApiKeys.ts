import { listApiKeys } from '@scanbase/contracts/api-access';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's active API keys (`apikeys/list`). */
export function useApiKeys() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['apikeys', 'list'], queryFn: () => v2.call(listApiKeys, {}) });
}
