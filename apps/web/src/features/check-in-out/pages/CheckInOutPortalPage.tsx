import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { portalHref, valueHref } from '../check-in-out-settings';
import { ManualMoveForm } from '../components/ManualMoveForm';
import { PortalFrame } from '../components/PortalFrame';
import { RosterCounts } from '../components/RosterCounts';
import { RosterTable } from '../components/RosterTable';
import { usePortalCheckInOut, usePortalRoster } from '../hooks/usePortalCheckInOut';
import { usePortalInstances } from '../hooks/usePortalInstances';
import { usePortalLive } from '../hooks/usePortalLive';

function Instances() {
  const instances = usePortalInstances(true);
  if (instances.isPending) return <LoadingState label="Loading your check in/out services…" />;
  if (instances.isError) return <ErrorState message={instances.error.message} onRetry={() => void instances.refetch()} />;
  if (instances.data.items.length === 0) {
    return <EmptyState title="No check in/out services for you">You have no portal access yet. Ask an administrator to give it to you on the Users tab of a check in/out service.</EmptyState>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {instances.data.items.map((i) => (
        <Card key={i.id} variant="outlined">
          <CardActionArea component={RouterLink} href={portalHref(i.id)} sx={{ p: 2 }}>
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {i.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {i.counts.in.toLocaleString()} in · {i.counts.out.toLocaleString()} out
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function Roster({ id }: { id: number }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<'all' | 'in' | 'out'>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const roster = usePortalRoster({ id, page, limit, search, state: state === 'all' ? undefined : state });
  const live = usePortalLive(id);
  if (roster.isPending) return <LoadingState label="Loading who is in…" />;
  if (roster.isError) return <ErrorState message={roster.error.message} onRetry={() => void roster.refetch()} />;
  const data = roster.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {data.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="live-state">
          {live ? 'Live: changes appear as they happen.' : 'Connecting for live changes…'}
        </Typography>
      </Box>
      <RosterCounts counts={data.counts} />
      <ManualMoveForm id={id} checklist={data.checklist} />
      <Box component="section" aria-labelledby="who-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="who-title" variant="h2">
          Roster
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <TextField size="small" type="search" label="Search" value={search} onChange={(event) => { setSearch(event.target.value); setPage(1); }} sx={{ flex: '1 1 240px' }} />
          <TextField select size="small" label="State" value={state} onChange={(event) => { setState(event.target.value as 'all' | 'in' | 'out'); setPage(1); }} sx={{ flex: '0 0 180px' }}>
            <MenuItem value="all">In and out</MenuItem>
            <MenuItem value="in">In</MenuItem>
            <MenuItem value="out">Out</MenuItem>
          </TextField>
        </Box>
        {data.items.length === 0 ? (
          <Typography color="text.secondary">{search || state !== 'all' ? 'Nothing matches.' : 'Nothing checked in or out yet.'}</Typography>
        ) : (
          <RosterTable caption="Who or what is in or out" items={data.items} total={data.total} page={page} limit={limit} onPage={setPage} onLimit={(n) => { setLimit(n); setPage(1); }} href={(value) => valueHref(id, value)} />
        )}
      </Box>
    </Stack>
  );
}

/** /checkinout/?instance_id=: the live roster of an instance for a portal user; without instance_id, the instances they may open. */
export function CheckInOutPortalPage() {
  usePortalCheckInOut('CIO.index');
  const raw = useQueryParam('instance_id');
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <PortalFrame>
      {id === null ? (
        <Stack spacing={3}>
          <Typography variant="h1">Check in/out</Typography>
          {raw !== undefined ? <ErrorState message="This address does not name a check in/out service. Pick one below." /> : null}
          <Instances />
        </Stack>
      ) : (
        <Roster key={id} id={id} />
      )}
    </PortalFrame>
  );
}
