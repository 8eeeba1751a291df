import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Job, TaskTypeInfo } from '@scanbase/contracts/tasks';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime, formatDuration } from '../schedule-form';
import { taskTypeLabel } from '../task-types';
import { JobActions } from './JobActions';
import { JobProgress } from './JobProgress';
import { JobStateChip } from './JobStateChip';

type Props = { jobs: readonly Job[]; catalogue: readonly TaskTypeInfo[] | undefined; timezone: string | undefined; onError: (message: string) => void };

function outcome(job: Job): string {
  if (job.error) return job.error;
  if (job.result?.summary) return job.result.summary;
  if (job.state === 'running') return job.progress.message || 'Working…';
  return '—';
}

/** Runs as a table (cards on phones): what ran, state, progress, when, how long, result, actions. */
export function JobsTable({ jobs, catalogue, timezone, onError }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const title = (job: Job) => (
    <Link component={RouterLink} href={`/account/tasks/progress/${job.id}/`} sx={{ fontWeight: 600 }}>
      {job.taskName ?? taskTypeLabel(job.type, catalogue)}
    </Link>
  );

  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {jobs.map((job) => (
          <Paper key={job.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                {title(job)}
                <Typography variant="body2" color="text.secondary">
                  Run #{job.id} · {formatDateTime(job.startedAt ?? job.createdAt, timezone)}
                </Typography>
              </Box>
              <JobStateChip state={job.state} />
            </Box>
            <Box sx={{ mt: 1.5 }}>
              <JobProgress job={job} />
            </Box>
            <Typography variant="body2" sx={{ mt: 1, color: job.error ? 'error.main' : 'text.secondary', wordBreak: 'break-word' }}>
              {outcome(job)}
              {job.durationMs !== null ? ` · ${formatDuration(job.durationMs)}` : ''}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <JobActions job={job} onError={onError} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Runs">
        <TableHead>
          <TableRow>
            <TableCell>Task</TableCell>
            <TableCell>State</TableCell>
            <TableCell sx={{ width: 160 }}>Progress</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Duration</TableCell>
            <TableCell>Result</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} hover>
              <TableCell>
                {title(job)}
                <Typography variant="body2" color="text.secondary">
                  Run #{job.id}
                  {job.attempts > 1 ? ` · attempt ${job.attempts} of ${job.maxAttempts}` : ''}
                </Typography>
              </TableCell>
              <TableCell>
                <JobStateChip state={job.state} />
              </TableCell>
              <TableCell>
                <JobProgress job={job} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.startedAt ?? job.createdAt, timezone)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(job.durationMs)}</TableCell>
              <TableCell sx={{ maxWidth: 280, color: job.error ? 'error.main' : undefined, wordBreak: 'break-word' }}>{outcome(job)}</TableCell>
              <TableCell align="right">
                <JobActions job={job} onError={onError} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
