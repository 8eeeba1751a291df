import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useAdminLiveRoster } from '../hooks/useAdminLiveRoster';
import { useAdminRoster } from '../hooks/useAdminRoster';
import { HistoryDialog } from './HistoryDialog';
import { RosterCounts } from './RosterCounts';
import { RosterTable } from './RosterTable';

/** The live roster on the Details tab: counts, search, state filter and the values. */
export function AdminRoster({ id }: { id: number }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<'all' | 'in' | 'out'>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [open, setOpen] = useState<string | null>(null);
  const roster = useAdminRoster({ id, page, limit, search, state: state === 'all' ? undefined : state });
  useAdminLiveRoster(id);
  return (
    <Box component="section" aria-labelledby="roster-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="roster-title" variant="h2">
        Right now
      </Typography>
      {roster.data ? <RosterCounts counts={roster.data.counts} /> : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField size="small" type="search" label="Search values" value={search} onChange={(event) => { setSearch(event.target.value); setPage(1); }} sx={{ flex: '1 1 240px' }} />
        <TextField select size="small" label="State" value={state} onChange={(event) => { setState(event.target.value as 'all' | 'in' | 'out'); setPage(1); }} sx={{ flex: '0 0 180px' }}>
          <MenuItem value="all">In and out</MenuItem>
          <MenuItem value="in">In</MenuItem>
          <MenuItem value="out">Out</MenuItem>
        </TextField>
      </Box>
      {roster.isPending ? (
        <LoadingState label="Loading the roster…" />
      ) : roster.isError ? (
        <ErrorState message={roster.error.message} onRetry={() => void roster.refetch()} />
      ) : roster.data.items.length === 0 ? (
        <Typography color="text.secondary">{search || state !== 'all' ? 'Nothing matches.' : 'Nothing scanned yet: values appear here from their first check-in or check-out.'}</Typography>
      ) : (
        <RosterTable caption="Values and their state" items={roster.data.items} total={roster.data.total} page={page} limit={limit} onPage={setPage} onLimit={(n) => { setLimit(n); setPage(1); }} onOpen={setOpen} />
      )}
      <HistoryDialog id={id} value={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
