import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { ticketOutcomes, type TicketOutcome } from '@scanbase/contracts/scan-tickets';
import { useDeferredValue, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { formatScanTime } from '../../dashboard/scan-time';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useTicketHistory } from '../hooks/useTicketHistory';
import { outcomeInfo, outcomeOf } from '../ticket-form';

const LIMIT = 50;

function Attempt({ scan, timeZone }: { scan: ScanDetail; timeZone: string | undefined }) {
  const outcome = outcomeOf(scan.properties);
  const info = outcome ? outcomeInfo[outcome] : null;
  const who = [scan.user?.name, scan.device?.name].filter(Boolean).join(' · ');
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr auto', sm: '110px minmax(0, 1fr) auto' }, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1', sm: 'auto' } }}>
        <time dateTime={scan.scannedAt}>{formatScanTime(scan.scannedAt, timeZone)}</time>
      </Typography>
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
        <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{scan.value}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {scan.response || '—'}
          {who ? ` · ${who}` : ''}
        </Typography>
      </Box>
      <Chip size="small" label={info?.label ?? (scan.status === 1 ? 'Valid' : 'Invalid')} sx={{ bgcolor: info?.colour ?? (scan.status === 1 ? outcomeInfo.valid.colour : outcomeInfo.duplicate.colour), color: '#fff', justifySelf: 'end', gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 2, sm: 'auto' } }} />
    </Paper>
  );
}

function History({ instanceId }: { instanceId: number }) {
  const { user } = useSession();
  const [outcome, setOutcome] = useState<TicketOutcome | ''>('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const deferredText = useDeferredValue(text);
  const history = useTicketHistory({ instanceId, outcome, text: deferredText, page, limit: LIMIT });
  const total = history.data?.total ?? 0;
  const last = Math.max(1, Math.ceil(total / LIMIT));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box role="search" aria-label="Filter the entry attempts" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '220px minmax(0, 1fr)' } }}>
        <TextField
          select
          size="small"
          label="Outcome"
          value={outcome}
          onChange={(event) => {
            setOutcome(event.target.value as TicketOutcome | '');
            setPage(1);
          }}
        >
          <MenuItem value="">Every outcome</MenuItem>
          {ticketOutcomes.map((o) => (
            <MenuItem key={o} value={o}>
              {outcomeInfo[o].label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Ticket code contains"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
      </Box>
      {history.isPending ? (
        <LoadingState label="Loading the entry attempts…" />
      ) : history.isError ? (
        <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title={outcome || text.trim() ? 'No attempts match these filters' : 'No tickets scanned yet'}>
          {outcome || text.trim() ? 'Change or clear the filters.' : 'Attempts appear here as gate staff scan, without reloading.'}
        </EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {total.toLocaleString('en-US')}
            {history.data.totalExact ? '' : '+'} {total === 1 ? 'attempt' : 'attempts'}, newest first · updates live
          </Typography>
          <Box component="ol" aria-label="Entry attempts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {history.data.items.map((scan) => (
              <Attempt key={scan.id} scan={scan} timeZone={user?.timezone} />
            ))}
          </Box>
          {last > 1 ? (
            <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Typography variant="body2">
                Page {page} of {last.toLocaleString('en-US')}
              </Typography>
              <Button disabled={page >= last} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/scan-tickets/history/: every entry attempt with its outcome, filterable, live. */
export function ScanTicketsHistoryPage() {
  return (
    <InstanceFrame type="scan-tickets" tab="history" intro="Every ticket scanned at this gate, with what the gate answered.">
      {(instance) => <History key={instance.id} instanceId={instance.id} />}
    </InstanceFrame>
  );
}
