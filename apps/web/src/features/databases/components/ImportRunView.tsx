import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { percentDone } from '../../tasks/components/JobProgress';
import { JobStateChip } from '../../tasks/components/JobStateChip';
import { isActiveState, useJob } from '../../tasks/hooks/useJob';
import { ImportReportView } from './ImportReportView';

type Props = { jobId: number; databaseId: number; onAnother: () => void };

/** A running or finished import, live over the websocket: progress bar, then the report (or what went wrong). */
export function ImportRunView({ jobId, databaseId, onAnother }: Props) {
  const job = useJob(jobId);
  const client = useQueryClient();
  const state = job.data?.state;
  useEffect(() => {
    // The value count changed: refresh the database and its values once the run has ended.
    if (state && !isActiveState(state)) void client.invalidateQueries({ queryKey: ['databases'] });
  }, [state, client]);

  if (job.isPending) return <LoadingState label="Loading the import…" />;
  if (job.isError) return <ErrorState message={job.error.message} onRetry={() => void job.refetch()} />;
  const run = job.data;
  const percent = percentDone(run);
  const active = isActiveState(run.state);
  const report = run.result?.report;
  const status =
    run.state === 'queued'
      ? 'Waiting to start…'
      : run.state === 'running'
        ? run.progress.message || 'Importing…'
        : run.state === 'succeeded'
          ? 'Import finished'
          : run.state === 'failed'
            ? 'The import failed'
            : 'The import was cancelled';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" sx={{ flexGrow: 1 }} aria-live="polite">
          {status}
        </Typography>
        <JobStateChip state={run.state} />
      </Box>
      <LinearProgress
        variant={percent === null && active ? 'indeterminate' : 'determinate'}
        value={percent ?? (active ? undefined : 100)}
        color={run.state === 'succeeded' ? 'success' : run.state === 'failed' ? 'error' : run.state === 'cancelled' ? 'warning' : 'primary'}
        aria-label="Import progress"
        sx={{ height: 10, borderRadius: 5 }}
      />
      {active ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {run.progress.done > 0 ? `${run.progress.done.toLocaleString('en-US')} rows so far. ` : ''}You can leave this page: the import goes on in the background and is listed
          under{' '}
          <Link component={RouterLink} href={`/account/tasks/progress/${run.id}/`}>
            Tasks › Runs
          </Link>
          .
        </Typography>
      ) : null}
      {run.state === 'failed' && run.error ? (
        <Box role="alert" sx={{ mt: 2.5, p: 2, borderRadius: 2, bgcolor: 'custom.chipRed', color: 'custom.chipRedText' }}>
          <Typography sx={{ fontWeight: 600 }}>What went wrong</Typography>
          <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            {run.error}
          </Typography>
        </Box>
      ) : null}
      {report ? (
        <Box sx={{ mt: 3 }}>
          <ImportReportView report={report} jobId={run.id} file={run.result?.file} />
        </Box>
      ) : run.state === 'succeeded' && run.result?.summary ? (
        <Typography sx={{ mt: 2 }}>{run.result.summary}</Typography>
      ) : null}
      {!active ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button variant="contained" component={RouterLink} href={`/account/databases/${databaseId}/search/`}>
            See the values
          </Button>
          <Button variant="outlined" onClick={onAnother}>
            Import another file
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
