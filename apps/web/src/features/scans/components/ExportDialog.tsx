import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScanFilters } from '@scanbase/contracts/scan-data';
import { useId, useState, type ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { useExportTemplates } from '../hooks/useExportTemplates';
import { useScanTotal } from '../hooks/useScanTotal';
import { useStartScanExport } from '../hooks/useStartScanExport';
import { plural } from '../scan-format';
import { ExportRun } from './ExportRun';

type Format = 'csv' | 'xlsx' | 'json';
const formats: { value: Format; label: string; hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'Opens anywhere; UTF-8' },
  { value: 'xlsx', label: 'Excel', hint: '.xlsx workbook' },
  { value: 'json', label: 'JSON', hint: 'For programs' },
];

/** Mount it when it opens: each opening starts from the current selection. */
type Props = { open: boolean; onClose: () => void; filters: ScanFilters; selectedIds: readonly number[]; initialTemplate?: number };

/** What to export: format, template, and all matching scans or the selected ones; then the run's progress and download. */
export function ExportDialog({ open, onClose, filters, selectedIds, initialTemplate }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [format, setFormat] = useState<Format>('csv');
  const [templateId, setTemplateId] = useState<number | null>(initialTemplate ?? null);
  const [scope, setScope] = useState<'all' | 'selected'>(selectedIds.length > 0 ? 'selected' : 'all');
  const [jobId, setJobId] = useState<number | null>(null);
  const templates = useExportTemplates(open);
  const total = useScanTotal(filters, open);
  const start = useStartScanExport();
  const chosenScope = selectedIds.length === 0 ? 'all' : scope;
  const count = chosenScope === 'selected' ? selectedIds.length : total.data;

  const begin = () =>
    start.mutate(
      { filters, format, templateId, ...(chosenScope === 'selected' ? { scanIds: [...selectedIds] } : {}) },
      { onSuccess: (reply) => setJobId(reply.jobId) },
    );

  return (
    <Dialog open={open} onClose={start.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>Export scans</DialogTitle>
      <DialogContent>
        {jobId !== null ? (
          <ExportRun
            jobId={jobId}
            fallbackName={`scans.${format}`}
            onAgain={() => {
              setJobId(null);
              start.reset();
            }}
          />
        ) : (
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <FormBlock label="Scans">
              <RadioGroup value={chosenScope} onChange={(event) => setScope(event.target.value as 'all' | 'selected')}>
                <FormControlLabel value="all" control={<Radio />} label={total.data === undefined ? (total.isError ? 'All matching scans' : 'All matching scans (counting…)') : `All ${plural(total.data, 'matching scan')}`} />
                <FormControlLabel value="selected" disabled={selectedIds.length === 0} control={<Radio />} label={selectedIds.length === 0 ? 'Selected scans (tick scans in the Full view first)' : `The ${plural(selectedIds.length, 'selected scan')}`} />
              </RadioGroup>
            </FormBlock>
            <FormBlock label="Format">
              <RadioGroup row value={format} onChange={(event) => setFormat(event.target.value as Format)}>
                {formats.map((option) => (
                  <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={<span>{option.label} <Typography component="span" variant="body2" color="text.secondary">{option.hint}</Typography></span>} />
                ))}
              </RadioGroup>
            </FormBlock>
            <Box>
              <TextField
                select
                size="small"
                label="Columns"
                value={templateId ?? ''}
                onChange={(event) => setTemplateId(event.target.value === '' ? null : Number(event.target.value))}
                helperText={templates.isError ? `Templates did not load: ${templates.error.message}` : 'Default: every scan field, then one column per question and per property.'}
                error={templates.isError}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">Default columns</MenuItem>
                {(templates.data?.items ?? []).map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    Template: {template.name}
                  </MenuItem>
                ))}
              </TextField>
              <Link component={RouterLink} href="/account/scans/templates/" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
                Manage export templates
              </Link>
            </Box>
            {start.isError ? <Alert severity="error">The export did not start: {start.error.message}</Alert> : null}
            {count === 0 ? <Alert severity="info">No scans match these filters: there is nothing to export.</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={start.isPending}>
          {jobId === null ? 'Cancel' : 'Close'}
        </Button>
        {jobId === null ? (
          <Button variant="contained" onClick={begin} disabled={start.isPending || count === 0} startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {count === undefined ? 'Export' : `Export ${plural(count, 'scan')}`}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function FormBlock({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2">
        {label}
      </Typography>
      {children}
    </Box>
  );
}
