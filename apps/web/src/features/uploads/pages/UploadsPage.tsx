import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { Pager } from '../../tasks/components/Pager';
import { UploadFilterBar } from '../components/UploadFilterBar';
import { UploadsTable } from '../components/UploadsTable';
import { useUploadFilters } from '../hooks/useUploadFilters';
import { useUploadList } from '../hooks/useUploadList';
import { activeFilterCount, clearedFilters, rangeProblems, uploadsBody } from '../upload-filters';

/** /account/scans/uploads/: batches of scans devices sent after scanning offline, filtered by service, user, device and time (all in the address). */
export function UploadsPage() {
  const { user } = useSession();
  const { filters, update } = useUploadFilters();
  const problems = Object.values(rangeProblems(filters));
  const blocked = problems.length > 0;
  const list = useUploadList(blocked ? null : uploadsBody(filters));
  const filtered = activeFilterCount(filters) > 0;
  const timeZone = user?.timezone || undefined;
  // Nothing uploaded at all: the explanation alone, no filters to play with.
  const firstTime = !blocked && list.isSuccess && list.data.total === 0 && !filtered && filters.page === 1;

  let body;
  if (blocked) body = <ErrorState message={`Fix the received dates to see uploads: ${problems.map((p) => p.charAt(0).toLowerCase() + p.slice(1)).join('; ')}.`} />;
  else if (list.isPending) body = <LoadingState label="Loading uploads…" />;
  else if (list.isError) body = <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (firstTime) {
    body = (
      <EmptyState
        title="No uploads yet"
        action={
          <Button variant="outlined" component={RouterLink} href="/account/scans/search/full/">
            Search all scans
          </Button>
        }
      >
        Uploads are batches of scans sent by a device that scanned offline. The scanner sends one as soon as it is back online, and services that validate on the
        device always send their scans this way. Scans sent one at a time do not appear here.
      </EmptyState>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <EmptyState title="No upload matches" action={<Button onClick={() => update(clearedFilters)}>Clear filters</Button>}>
        {filters.page > 1 ? 'This page is past the last upload.' : 'No upload was received with these filters. Widen the time range or choose other services, users or devices.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
          {list.data.total.toLocaleString('en-US')} {list.data.total === 1 ? 'upload' : 'uploads'}, newest first{timeZone ? `; times in ${timeZone}` : ''}.
        </Typography>
        <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <UploadsTable uploads={list.data.items} timeZone={timeZone} />
        </Box>
        <Pager page={filters.page} limit={filters.limit} total={list.data.total} onPage={(page) => update({ page })} />
      </>
    );
  }

  return (
    <Box>
      <Typography variant="h1">Uploads</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Batches of scans a device sent together, usually after scanning without a connection. Each row says who sent it, from which device, and how many of its
        scans were valid.
      </Typography>
      {firstTime ? null : <UploadFilterBar filters={filters} onChange={update} />}
      {body}
    </Box>
  );
}
