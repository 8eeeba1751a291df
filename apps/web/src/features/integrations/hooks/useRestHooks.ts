import { hooksList, type HookSource } from '@scanbase/contracts/integrations';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The REST hooks Zapier or Make subscribed (`hooks/list`), refreshed every 10 s so a new Zap shows up while the page is open. */
export function useRestHooks(source: HookSource) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['integrations', 'hooks', source], queryFn: () => v2.call(hooksList, { source }), refetchInterval: 10_000 });
}
