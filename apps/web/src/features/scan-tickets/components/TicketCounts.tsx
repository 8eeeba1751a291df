import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTicketsSummary } from '../hooks/useTicketsSummary';

/** Codes, tickets that entered, entries today and (re-entry) tickets inside now; live. */
export function TicketCounts({ id, showInside }: { id: number; showInside: boolean }) {
  const summary = useTicketsSummary(id);
  const n = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));
  const items = [
    { label: 'Ticket codes', value: n(summary.data?.codes) },
    { label: 'Tickets used', value: n(summary.data?.entered) },
    { label: 'Entries today', value: n(summary.data?.entriesToday) },
    ...(showInside ? [{ label: 'Inside now', value: n(summary.data?.inside) }] : []),
  ];
  if (summary.isError) return <Typography color="error">Could not load the counts: {summary.error.message}</Typography>;
  return (
    <Box component="dl" aria-live="polite" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${items.length}, 1fr)` } }}>
      {items.map((item) => (
        <Paper key={item.label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 600 }}>
            {item.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
