import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import type { QueueState } from '../hooks/useScanQueue';

/** What the queue and connection say, in words ("Offline · 3 waiting", "Sending 3…", "All sent"). */
export function queueLabel(queue: QueueState, online: boolean): string {
  const { waiting } = queue;
  if (!online) return waiting > 0 ? `Offline · ${waiting} waiting` : 'Offline';
  if (waiting === 0) return 'All sent';
  return queue.syncing ? `Sending ${waiting}…` : `${waiting} waiting`;
}

/** The compact sign in the top bar: a cloud (done, off, uploading) and the number waiting. */
export function QueueStatus({ queue, online }: { queue: QueueState; online: boolean }) {
  const waiting = queue.waiting;
  const Icon = !online ? CloudOffOutlined : waiting > 0 ? CloudUploadOutlined : CloudDoneOutlined;
  return (
    <Box
      role="img"
      aria-label={queueLabel(queue, online)}
      data-testid="queue-status"
      sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', px: 1, py: 0.5, borderRadius: 99, fontSize: 15, fontWeight: 700, color: '#fff', bgcolor: !online ? 'rgba(0,0,0,0.35)' : waiting > 0 ? '#ef6c00' : 'rgba(255,255,255,0.18)' }}
    >
      <Icon sx={{ fontSize: 20 }} />
      {waiting > 0 ? <span>{waiting}</span> : null}
    </Box>
  );
}
