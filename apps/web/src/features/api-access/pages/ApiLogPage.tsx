import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { Pager } from '../../tasks/components/Pager';
import { formatScanTime } from '../../dashboard/scan-time';
import { activeFilterCount, clearedFilters } from '../api-log-filters';
import { ApiFrame } from '../components/ApiFrame';
import { ApiLogFilterBar } from '../components/ApiLogFilterBar';
import { ApiLogTable } from '../components/ApiLogTable';
import { ListSkeleton } from '../components/ListSkeleton';
import { useApiKeys } from '../hooks/useApiKeys';
import { useApiLog } from '../hooks/useApiLog';
import { useApiLogFilters } from '../hooks/useApiLogFilters';
import { useLiveApiLog } from '../hooks/useLiveApiLog';

/** /account/api/apilog/: every API call made with a key, newest first; filters and paging in the address, new calls appear live. */
export function ApiLogPage() {
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const client = useQueryClient();
  const { filters, update } = useApiLogFilters();
  const log = useApiLog(filters);
  const keys = useApiKeys();
  const [lastArrival, setLastArrival] = useState<string | null>(null);
  // The shell refetches ['apilog'] itself on this topic; here the key list (last used) follows and the page says when calls came in.
  useLiveApiLog(() => {
    setLastArrival(new Date().toISOString());
    void client.invalidateQueries({ queryKey: ['apikeys'] });
  });
  const keyNames = useMemo(() => new Map((keys.data?.items ?? []).map((key) => [key.id, key.name])), [keys.data]);
  const filtered = activeFilterCount(filters) > 0;
  const firstTime = log.isSuccess && log.data.total === 0 && !filtered && filters.page === 1;

  let body;
  if (log.isPending) body = <ListSkeleton label="Loading the API log…" rows={5} height={40} />;
  else if (log.isError) body = <ErrorState message={log.error.message} onRetry={() => void log.refetch()} />;
  else if (firstTime) {
    body = (
      <EmptyState
        title="No API calls yet"
        action={
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component={RouterLink} href="/account/api/key/">
              Manage API keys
            </Button>
            <Button variant="outlined" component={RouterLink} href="/apidocs/">
              Read the API documentation
            </Button>
          </Box>
        }
      >
        Every call made with one of your API keys shows up here within a second, with its result, so you can see what your programs do and why a call
        failed.
      </EmptyState>
    );
  } else if (log.data.items.length === 0) {
    body = (
      <EmptyState title="No call matches" action={<Button onClick={() => update(clearedFilters)}>Clear filters</Button>}>
        {filters.page > 1 ? 'This page is past the last call.' : 'No API call matches these filters.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box sx={{ opacity: log.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <ApiLogTable entries={log.data.items} keyNames={keyNames} timeZone={timeZone} />
        </Box>
        <Pager page={filters.page} limit={filters.limit} total={log.data.total} onPage={(page) => update({ page: page > 1 ? page : undefined })} />
      </>
    );
  }

  return (
    <ApiFrame current="apilog">
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {log.isSuccess ? `${log.data.total.toLocaleString('en-US')} ${log.data.total === 1 ? 'call' : 'calls'}, newest first${timeZone ? `; times in ${timeZone}` : ''}. ` : ''}
        New calls appear without reloading{lastArrival ? `; the last arrived at ${formatScanTime(lastArrival, timeZone)}` : ''}.
      </Typography>
      {firstTime ? null : <ApiLogFilterBar filters={filters} keys={keys.data?.items ?? []} onChange={update} />}
      {body}
    </ApiFrame>
  );
}
