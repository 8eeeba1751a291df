import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../auth/components/FormAlert';
import { JobProgress } from '../../tasks/components/JobProgress';
import { isActiveState, useJob } from '../../tasks/hooks/useJob';
import { useDownloadJobFile } from '../../tasks/hooks/useDownloadJobFile';
import { useStartAccountExport } from '../hooks/useStartAccountExport';
import { formatAccountDateTime } from '../../scans/scan-format';

const megabytes = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

/** Step 1: a ZIP of everything (every table as CSV and JSON, every stored file), with a progress bar and the download. */
export function ExportSection({ lastJobId }: { lastJobId: number | null }) {
  const start = useStartAccountExport();
  const job = useJob(start.data?.jobId ?? lastJobId);
  const download = useDownloadJobFile();
  const run = job.data;
  const active = isActiveState(run?.state);
  const file = run?.state === 'succeeded' ? run.result?.file : undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="export-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="export-heading" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        1. Download everything first
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        One ZIP file with every scan, database, service, question, user and setting as CSV (for spreadsheets) and JSON (exact values), and every photo,
        signature and file you stored. Passwords and keys are left out.
      </Typography>
      <FormAlert message={start.error?.message ?? download.error?.message ?? null} />
      {run && active ? (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {run.progress.message || 'Preparing…'}
          </Typography>
          <JobProgress job={run} />
        </Box>
      ) : null}
      {run?.state === 'failed' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The export failed: {run.error ?? 'unknown error'}. Try again.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {file ? (
          <Button variant="contained" startIcon={<DownloadOutlined />} disabled={download.isPending} onClick={() => download.mutate({ id: run!.id, fallbackName: file.name })}>
            Download ZIP ({megabytes(file.size)})
          </Button>
        ) : null}
        <Button variant={file ? 'outlined' : 'contained'} disabled={active || start.isPending} onClick={() => start.mutate()}>
          {file ? 'Prepare a new download' : active ? 'Preparing…' : 'Prepare the download'}
        </Button>
        {file && run?.finishedAt ? (
          <Typography variant="body2" color="text.secondary">
            Made {formatAccountDateTime(run.finishedAt, undefined)}
            {run.result?.summary ? ` · ${run.result.summary}` : ''}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}
