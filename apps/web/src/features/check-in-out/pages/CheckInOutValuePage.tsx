import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { portalHref, sinceText } from '../check-in-out-settings';
import { PortalFrame } from '../components/PortalFrame';
import { StateChip } from '../components/RosterTable';
import { MovementList } from '../components/MovementList';
import { usePortalHistory } from '../hooks/usePortalHistory';
import { usePortalLive } from '../hooks/usePortalLive';

/** /checkinout/valueresponse/?instance_id=&value=: one value's state and its history, with checklists and reasons. */
export function CheckInOutValuePage() {
  const raw = useQueryParam('instance_id');
  const value = useQueryParam('value') ?? '';
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <PortalFrame>
      {id !== null ? (
        <Button component={RouterLink} href={portalHref(id)} sx={{ ml: -1, mb: 1 }}>
          ← Back to the roster
        </Button>
      ) : null}
      <ValueHistory id={id} value={value} />
    </PortalFrame>
  );
}

function ValueHistory({ id, value }: { id: number | null; value: string }) {
  const history = usePortalHistory(id, value);
  usePortalLive(id);
  let body;
  if (id === null || value === '') body = <ErrorState message="This address does not name a value of a check in/out service. Open a value from the roster." />;
  else if (history.isPending) body = <LoadingState label="Loading the history…" />;
  else if (history.isError) body = <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />;
  else {
    const h = history.data;
    body = (
      <Stack spacing={2.5}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}>
            {h.value}
          </Typography>
          <StateChip state={h.state} />
        </Box>
        <Typography color="text.secondary">{h.since ? `${h.state === 'in' ? 'In' : 'Out'} since ${sinceText(h.since)}${h.by ? ` by ${h.by}` : ''}.` : `Never checked in or out (counted as ${h.state}).`}</Typography>
        <Typography variant="h2">History</Typography>
        {h.movements.length === 0 ? (
          <Typography color="text.secondary">No scans of this value yet.</Typography>
        ) : (
          <MovementList movements={h.movements} />
        )}
      </Stack>
    );
  }
  return body;
}
