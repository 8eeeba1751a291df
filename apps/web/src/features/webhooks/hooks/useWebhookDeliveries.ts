import { listWebhookDeliveries } from '@scanbase/contracts/webhooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type DeliveryFilter = { subscriptionId?: number | undefined; status?: 'pending' | 'succeeded' | 'failed' | undefined; page: number; limit: number };

/** One page of the delivery log (`webhooks/deliveries`); refreshed every 3 s while a shown delivery waits, else every 15 s. */
export function useWebhookDeliveries(filter: DeliveryFilter) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['webhooks', 'deliveries', filter],
    queryFn: () => v2.call(listWebhookDeliveries, filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 3_000 : 15_000),
  });
}
