import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SyncedResult } from '../hooks/useScanQueue';

function label(r: SyncedResult): string {
  if (r.status === 1 && r.direction === 'in') return 'IN';
  if (r.status === 1 && r.direction === 'out') return 'OUT';
  if (r.status === 1) return 'Valid';
  return r.status === 0 ? 'Refused' : 'Recorded';
}

/** The results of scans kept offline, as the server decided them when they were sent (check in/out and other typed services). */
export function SyncedResults({ items, onDismiss }: { items: SyncedResult[]; onDismiss: () => void }) {
  if (items.length === 0) return null;
  return (
    <Box role="status" data-testid="synced-results" sx={{ mx: 2, mt: 2, p: 2, borderRadius: 2, bgcolor: '#f5f7fa', border: '1px solid #d5dde6' }}>
      <Typography sx={{ fontWeight: 600 }}>Saved scans sent: the server’s results</Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, fontSize: 14, display: 'grid', gap: 0.5 }}>
        {items.slice(0, 8).map((r) => (
          <li key={r.clientScanId}>
            <Box component="strong" sx={{ color: r.status === 0 ? '#c62828' : r.direction === 'out' ? '#1c4f9c' : '#1b6e30' }}>
              {label(r)}
            </Box>{' '}
            <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>{r.value}</Box>: {r.text}
          </li>
        ))}
      </Box>
      <Button size="small" sx={{ mt: 1 }} onClick={onDismiss}>
        Dismiss
      </Button>
    </Box>
  );
}
