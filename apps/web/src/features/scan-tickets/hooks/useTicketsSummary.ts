import { scanTicketsSummary } from '@scanbase/contracts/scan-tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useLiveTickets } from './useLiveTickets';

/** Codes, tickets that entered, entries today and tickets inside (`scan-tickets/summary`), refreshed live as tickets are scanned. */
export function useTicketsSummary(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  const queryKey = ['scan-tickets', 'summary', id];
  useLiveTickets(id, () => void client.invalidateQueries({ queryKey }));
  return useQuery({ queryKey, queryFn: () => v2.call(scanTicketsSummary, { id }) });
}
