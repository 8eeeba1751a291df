import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { FormAlert } from '../../auth/components/FormAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { percentDone } from '../components/JobProgress';
import { JobStateChip } from '../components/JobStateChip';
import { useCancelJob } from '../hooks/useCancelJob';
import { useDownloadJobFile } from '../hooks/useDownloadJobFile';
import { RunFileCopies } from '../../file-storage/components/RunFileCopies';
import { isActiveState, useJob } from '../hooks/useJob';
import { useRetryJob } from '../hooks/useRetryJob';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';
import { formatDateTime, formatDuration } from '../schedule-form';
import { taskTypeLabel, taskTypeOfJob } from '../task-types';

function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(0)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

const levelColour: Record<string, string> = { error: 'error.main', warn: 'warning.dark' };

/** /account/tasks/progress/{instanceId}/: one run, live: progress bar, state, message, log, result and download. */
export function TaskProgressPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.instanceId);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { user } = useSession();
  const job = useJob(id);
  const catalogue = useTaskCatalogue();
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const download = useDownloadJobFile();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const back = (
    <Button component={RouterLink} href="/account/tasks/instance/" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      All runs
    </Button>
  );
  if (id === null) return <Box>{back}<ErrorState message="This address does not name a run. Open the run from the list of runs." /></Box>;
  if (job.isPending) return <Box>{back}<LoadingState label="Loading the run…" /></Box>;
  if (job.isError) return <Box>{back}<ErrorState message={job.error.message} onRetry={() => void job.refetch()} /></Box>;

  const run = job.data;
  const percent = percentDone(run);
  const active = isActiveState(run.state);
  const name = run.taskName ?? taskTypeLabel(run.type, catalogue.data?.items);
  const file = run.result?.file;
  const timezone = user?.timezone;
  const statusLine =
    run.state === 'queued'
      ? run.attempts > 0
        ? `Waiting to try again (attempt ${run.attempts + 1} of ${run.maxAttempts}).`
        : 'Waiting for a free worker; it starts in a moment.'
      : run.progress.message || (run.state === 'running' ? 'Working…' : '');

  return (
    <Box>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <JobStateChip state={run.state} />
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        Run #{run.id} · {taskTypeLabel(run.type, catalogue.data?.items)}
        {run.taskId !== null ? (
          <>
            {' · '}
            <Box component={RouterLink} href={`/account/tasks/${taskTypeOfJob(run.type)}/edit/${run.taskId}/`} sx={{ color: 'primary.main' }}>
              Edit the task
            </Box>
          </>
        ) : null}
      </Typography>
      <FormAlert message={message} />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {run.state === 'succeeded' ? 'Finished' : run.state === 'failed' ? 'Failed' : run.state === 'cancelled' ? 'Cancelled' : statusLine}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {percent !== null ? `${Math.floor(percent)} %` : null}
            {run.progress.total !== null && run.progress.total > 1 ? ` · ${run.progress.done.toLocaleString('en-US')} of ${run.progress.total.toLocaleString('en-US')}` : null}
          </Typography>
        </Box>
        <LinearProgress
          variant={percent === null && active ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
          color={run.state === 'succeeded' ? 'success' : run.state === 'failed' ? 'error' : run.state === 'cancelled' ? 'warning' : 'primary'}
          aria-label="Progress"
          sx={{ height: 10, borderRadius: 5 }}
        />
        {!active && run.state !== 'succeeded' && statusLine ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Last step: {statusLine}
          </Typography>
        ) : null}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mt: 2.5, mb: 0, '& dt': { color: 'text.secondary', fontSize: 13 }, '& dd': { m: 0, fontWeight: 500 } }}>
          <div>
            <dt>Queued</dt>
            <dd>{formatDateTime(run.createdAt, timezone)}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(run.startedAt, timezone)}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>{formatDateTime(run.finishedAt, timezone)}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(run.durationMs)}</dd>
          </div>
        </Box>

        {run.state === 'failed' && run.error ? (
          <Box role="alert" sx={{ mt: 2.5, p: 2, borderRadius: 2, bgcolor: '#fdecea', color: '#8a1c1c' }}>
            <Typography sx={{ fontWeight: 600 }}>What went wrong</Typography>
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {run.error}
            </Typography>
          </Box>
        ) : null}
        {run.state === 'succeeded' ? (
          <Box sx={{ mt: 2.5, p: 2, borderRadius: 2, bgcolor: '#e8f5e9', color: '#1b5e20', display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' } }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{run.result?.summary ?? 'The run finished.'}</Typography>
              {file ? (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  {file.name} · {formatBytes(file.size)}
                </Typography>
              ) : null}
            </Box>
            {file ? (
              <Button
                variant="contained"
                color="success"
                startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadOutlined />}
                disabled={download.isPending}
                onClick={() => download.mutate({ id: run.id, fallbackName: file.name }, { onError: (error) => setMessage(error.message) })}
              >
                Download
              </Button>
            ) : null}
          </Box>
        ) : null}
        {run.state === 'succeeded' ? <RunFileCopies jobId={run.id} hasFile={Boolean(file)} /> : null}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2.5 }}>
          {active ? (
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              Cancel run
            </Button>
          ) : null}
          {run.state === 'failed' || run.state === 'cancelled' ? (
            <Button variant="contained" disabled={retry.isPending} onClick={() => retry.mutate(run.id, { onSuccess: () => setMessage(null), onError: (error) => setMessage(error.message) })}>
              Retry
            </Button>
          ) : null}
        </Stack>
      </Paper>

      <Typography variant="h2" sx={{ mt: 4, mb: 1.5 }}>
        Log
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxHeight: 360, overflow: 'auto', bgcolor: '#fbfcfe' }} tabIndex={0} aria-label="Run log">
        {run.log.length === 0 ? (
          <Typography color="text.secondary">{active ? 'Nothing logged yet.' : 'This run wrote no log lines.'}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}>
            {run.log.map((line, index) => (
              <Box component="li" key={`${line.at}-${index}`} sx={{ display: 'flex', gap: 1.5, py: 0.25, color: levelColour[line.level] ?? 'text.primary', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Box component="time" dateTime={line.at} sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {formatDateTime(line.at, timezone)}
                </Box>
                <Box sx={{ wordBreak: 'break-word' }}>{line.message}</Box>
              </Box>
            ))}
          </Box>
        )}
      </Paper>

      <ConfirmDialog
        open={confirming}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        danger
        busy={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(run.id, { onSettled: () => setConfirming(false), onError: (error) => setMessage(error.message) })}
      >
        {run.state === 'running' ? 'The run stops at its next safe point and keeps no partial file.' : 'The run has not started and will not start.'} You can retry it afterwards.
      </ConfirmDialog>
    </Box>
  );
}
