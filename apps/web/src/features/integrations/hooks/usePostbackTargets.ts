import { listPostbackTargets } from '@scanbase/contracts/integrations';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Every postback and forwarding target with its recent deliveries (`integrations/postbacks`), refreshed every 15 s. */
export function usePostbackTargets() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['integrations', 'postbacks'], queryFn: () => v2.call(listPostbackTargets, {}), refetchInterval: 15_000 });
}
