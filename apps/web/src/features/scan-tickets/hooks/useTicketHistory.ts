import { searchScans } from '@scanbase/contracts/scanner';
import type { TicketOutcome } from '@scanbase/contracts/scan-tickets';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useLiveTickets } from './useLiveTickets';

export type TicketHistoryParams = { instanceId: number; outcome: TicketOutcome | ''; text: string; page: number; limit: number };

/** A page of an instance's entry attempts, newest first (`scans/search` on its service and the `ticket` property); live. */
export function useTicketHistory(params: TicketHistoryParams) {
  const { v2 } = useServices();
  const client = useQueryClient();
  useLiveTickets(params.instanceId, () => void client.invalidateQueries({ queryKey: ['scan-tickets', 'history', params.instanceId] }));
  const text = params.text.trim();
  return useQuery({
    queryKey: ['scan-tickets', 'history', params.instanceId, params],
    queryFn: () =>
      v2.call(searchScans, {
        serviceIds: [params.instanceId],
        page: params.page,
        limit: params.limit,
        sortBy: 'scanned_at',
        sortOrder: 'desc',
        ...(params.outcome ? { propertyName: 'ticket', propertyValue: params.outcome, exactProperty: true } : {}),
        ...(text ? { value: text } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
