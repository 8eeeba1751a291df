import { listApiLog } from '@scanbase/contracts/api-access';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { apiLogBody, type ApiLogFilters } from '../api-log-filters';

// The websocket's `{topic:'apilog'}` refetches every ['apilog'] query (QueryLayer); the poll covers messages missed while it reconnects.
const SAFETY_POLL_MS = 30_000;

/** A page of the API log (`apilog/list`); new calls arrive live through the `apilog` topic. */
export function useApiLog(filters: ApiLogFilters) {
  const { v2 } = useServices();
  const body = apiLogBody(filters);
  return useQuery({
    queryKey: ['apilog', 'list', body],
    queryFn: () => v2.call(listApiLog, body),
    placeholderData: keepPreviousData,
    refetchInterval: SAFETY_POLL_MS,
  });
}
