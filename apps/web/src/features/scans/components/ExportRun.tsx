import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { percentDone } from '../../tasks/components/JobProgress';
import { useDownloadJobFile } from '../../tasks/hooks/useDownloadJobFile';
import { isActiveState, useJob } from '../../tasks/hooks/useJob';
import { formatNumber } from '../scan-format';

type Props = { jobId: number; fallbackName: string; onAgain: () => void };

function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** A started export: live progress (the job socket and a 2 s poll), then the file to download, or what went wrong. */
export function ExportRun({ jobId, fallbackName, onAgain }: Props) {
  const job = useJob(jobId);
  const download = useDownloadJobFile();
  const [message, setMessage] = useState<string | null>(null);
  const runLink = (
    <Link component={RouterLink} href={`/account/tasks/progress/${jobId}/`}>
      Open the run in Tasks
    </Link>
  );
  if (job.isPending) return <LinearProgress aria-label="Starting the export" />;
  if (job.isError) return <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void job.refetch()}>Try again</Button>}>The export started, but its progress did not load: {job.error.message}</Alert>;

  const run = job.data;
  const percent = percentDone(run);
  const file = run.result?.file;
  if (run.state === 'failed' || run.state === 'cancelled') {
    return (
      <Stack spacing={1.5}>
        <Alert severity="error" role="alert">
          <strong>{run.state === 'failed' ? 'The export failed.' : 'The export was cancelled.'}</strong> {run.error ?? run.progress.message}
        </Alert>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Button variant="outlined" onClick={onAgain}>
            Change and try again
          </Button>
          {runLink}
        </Box>
      </Stack>
    );
  }
  if (run.state === 'succeeded') {
    return (
      <Stack spacing={1.5}>
        <Alert severity="success">
          {run.result?.summary ?? 'The export is ready.'}
          {file ? ` ${file.name} · ${bytes(file.size)}` : ''}
        </Alert>
        {message ? <Alert severity="error">{message}</Alert> : null}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {file ? (
            <Button
              variant="contained"
              color="success"
              startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadOutlined />}
              disabled={download.isPending}
              onClick={() => download.mutate({ id: run.id, fallbackName: file.name || fallbackName }, { onSuccess: () => setMessage(null), onError: (error) => setMessage(`The download failed: ${error.message}`) })}
            >
              Download
            </Button>
          ) : (
            <Typography color="text.secondary">The run made no file.</Typography>
          )}
          {runLink}
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {run.state === 'queued' ? 'Waiting for a free worker…' : run.progress.message || 'Exporting…'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {percent !== null ? `${Math.floor(percent)} %` : null}
          {run.progress.total !== null && run.progress.total > 1 ? ` · ${formatNumber(run.progress.done)} of ${formatNumber(run.progress.total)}` : null}
        </Typography>
      </Box>
      <LinearProgress variant={percent === null && isActiveState(run.state) ? 'indeterminate' : 'determinate'} value={percent ?? 0} aria-label="Export progress" sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="body2" color="text.secondary">
        You can close this window: the export goes on, and its file stays under Tasks. {runLink}
      </Typography>
    </Stack>
  );
}
