import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Job } from '@scanbase/contracts/tasks';

/** The share done of a run (0-100), or null when its total is not known yet. */
export function percentDone(job: Pick<Job, 'progress' | 'state'>): number | null {
  if (job.state === 'succeeded') return 100;
  const { done, total } = job.progress;
  if (total === null || total <= 0) return null;
  return Math.max(0, Math.min(100, (done / total) * 100));
}

/** A compact progress bar with "x of y" for lists; determinate when the total is known. */
export function JobProgress({ job }: { job: Pick<Job, 'progress' | 'state' | 'id'> }) {
  const percent = percentDone(job);
  const active = job.state === 'running' || job.state === 'queued';
  if (!active && job.state !== 'succeeded') return <Typography variant="body2" color="text.secondary">{job.progress.total ? `${job.progress.done} of ${job.progress.total}` : '—'}</Typography>;
  return (
    <Box sx={{ minWidth: 120 }}>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        color={job.state === 'succeeded' ? 'success' : 'primary'}
        aria-label={`Progress of run ${job.id}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {job.state === 'queued' ? 'Waiting to start' : percent === null ? 'Working…' : `${Math.floor(percent)} %`}
      </Typography>
    </Box>
  );
}
