import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labelLayouts, type LabelLayoutName } from '@scanbase/contracts/barcodes';
import { MAX_TICKET_EXPORT } from '@scanbase/contracts/scan-tickets';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { layoutShortLabels } from '../../barcodes/label-form';
import { useDownloadJobFile } from '../../tasks/hooks/useDownloadJobFile';
import { isActiveState, useJob } from '../../tasks/hooks/useJob';
import { useStartTicketExport } from '../hooks/useStartTicketExport';

const symbologies = [
  ['qrcode', 'QR code'],
  ['code128', 'Code 128'],
  ['datamatrix', 'Data Matrix'],
  ['pdf417', 'PDF417'],
  ['azteccode', 'Aztec'],
] as const;
type Symbology = (typeof symbologies)[number][0];

/** Exports the ticket codes as a PDF of labels or a ZIP of PNG barcodes: a background run with a progress bar, then the download. */
export function TicketExportCard({ instanceId, codes }: { instanceId: number; codes: number | undefined }) {
  const [format, setFormat] = useState<'pdf' | 'zip'>('pdf');
  const [layout, setLayout] = useState<LabelLayoutName>('avery-l7160');
  const [symbology, setSymbology] = useState<Symbology>('qrcode');
  const [jobId, setJobId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const start = useStartTicketExport();
  const run = useJob(jobId);
  const download = useDownloadJobFile();
  const job = run.data;
  const active = job ? isActiveState(job.state) : jobId !== null;
  const percent = job && job.progress.total ? Math.round((job.progress.done / job.progress.total) * 100) : null;

  const begin = async () => {
    setMessage(null);
    try {
      const started = await start.mutateAsync({ id: instanceId, format, layout, symbology });
      setJobId(started.jobId);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The export did not start. Try again.');
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="ticket-export-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ticket-export-title" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Print the tickets
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every code as a barcode: a PDF of labels to print, or a ZIP of PNG images for your ticket design (at most {MAX_TICKET_EXPORT.toLocaleString('en-US')} codes).
      </Typography>
      <FormAlert message={message} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField select size="small" label="File" value={format} onChange={(event) => setFormat(event.target.value as 'pdf' | 'zip')}>
          <MenuItem value="pdf">PDF of labels</MenuItem>
          <MenuItem value="zip">ZIP of PNG images</MenuItem>
        </TextField>
        {format === 'pdf' ? (
          <TextField select size="small" label="Label sheet" value={layout} onChange={(event) => setLayout(event.target.value as LabelLayoutName)}>
            {labelLayouts.map((name) => (
              <MenuItem key={name} value={name}>
                {layoutShortLabels[name]}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField select size="small" label="Barcode" value={symbology} onChange={(event) => setSymbology(event.target.value as Symbology)}>
          {symbologies.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void begin()} disabled={start.isPending || active || codes === 0} startIcon={start.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
          {format === 'pdf' ? 'Make the PDF' : 'Make the ZIP'}
        </Button>
        {codes === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Add codes first.
          </Typography>
        ) : null}
      </Box>
      {jobId !== null ? (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? 0}
            color={job?.state === 'succeeded' ? 'success' : job?.state === 'failed' ? 'error' : 'primary'}
            aria-label="Export progress"
            sx={{ height: 10, borderRadius: 5 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {job ? (job.state === 'failed' ? `The export failed: ${job.error ?? 'unknown error'}` : job.state === 'succeeded' ? (job.result?.summary ?? 'Done.') : (job.progress.message ?? 'Waiting to start…')) : 'Starting…'}
            {job && percent !== null && active ? ` (${percent}%)` : null}
          </Typography>
          <Box sx={{ mt: 1, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            {job?.state === 'succeeded' && job.result?.file ? (
              <Button variant="outlined" onClick={() => void download.mutateAsync({ id: jobId, fallbackName: job.result?.file?.name ?? 'tickets' }).catch(() => undefined)} disabled={download.isPending}>
                Download {job.result.file.name}
              </Button>
            ) : null}
            <Link component={RouterLink} href={`/account/tasks/progress/${jobId}/`} variant="body2">
              Open the run
            </Link>
          </Box>
          {download.isError ? <FormAlert message={download.error.message} /> : null}
        </Box>
      ) : null}
    </Paper>
  );
}
