import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { QueueState } from '../hooks/useScanQueue';
import { queueLabel } from './QueueStatus';

/** Under the top bar while offline or while scans wait: how many, what happens to them, and "Send now". */
export function QueueBanner({ queue, online }: { queue: QueueState; online: boolean }) {
  if (online && queue.waiting === 0) return null;
  return (
    <Box
      role="status"
      data-testid="queue-banner"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, bgcolor: online ? '#fff3e0' : '#eceff1', color: online ? '#7a3a00' : '#263238', borderBottom: '1px solid', borderColor: online ? '#ffd8a8' : '#cfd8dc' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{queueLabel(queue, online)}</Typography>
        <Typography sx={{ fontSize: 14 }}>
          {online ? 'Saved scans are being sent; they also go by themselves.' : 'Keep scanning: scans are kept on this device and sent when the connection returns.'}
        </Typography>
      </Box>
      {online && queue.waiting > 0 ? (
        <Button variant="outlined" color="inherit" disabled={queue.syncing} onClick={queue.syncNow} sx={{ flexShrink: 0 }}>
          Send now
        </Button>
      ) : null}
    </Box>
  );
}
