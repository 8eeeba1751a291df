import { listWebhooks } from '@scanbase/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's webhook subscriptions (`webhooks/list`); refreshed every 10 s while deliveries wait, else every 30 s. */
export function useWebhooks() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['webhooks', 'list'],
    queryFn: () => v2.call(listWebhooks, {}),
    refetchInterval: (query) => (query.state.data?.items.some((s) => s.pending > 0) ? 10_000 : 30_000),
  });
}
