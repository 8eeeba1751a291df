import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PREVIEW_ROWS } from '../hooks/useImportPreview';
import { mappingIssues, type ImportPreview, type MappingForm } from '../import-mapping';
import { ColumnSelect } from './ColumnSelect';
import { ImportPreviewTable } from './ImportPreviewTable';

type Props = {
  fileName: string;
  preview: ImportPreview;
  form: MappingForm;
  busy: boolean;
  onChange: (patch: Partial<MappingForm>) => void;
  onStart: () => void;
  onBack: () => void;
};

/** Step 2 of an import: which column is what, header row, trimming, what to do with bad rows; with the preview. */
export function ImportMappingStep({ fileName, preview, form, busy, onChange, onStart, onBack }: Props) {
  const issues = mappingIssues(form);
  const header = form.hasHeader ? (preview.rows[0] ?? null) : null;
  const columns = Math.max(preview.columns, 1);
  const blocked = Object.keys(issues).length > 0;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) onStart();
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3">Match the columns</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, overflowWrap: 'anywhere' }}>
          Step 2 of 3 · {fileName} · {preview.format === 'xlsx' ? 'Excel workbook (first sheet)' : 'CSV file'} ·{' '}
          {preview.rows.length < PREVIEW_ROWS ? `the whole file (${preview.rows.length} rows) is shown below` : `its first ${preview.rows.length} rows are shown below`}.
        </Typography>
        <FormControlLabel
          control={<Switch checked={form.hasHeader} onChange={(event) => onChange({ hasHeader: event.target.checked })} />}
          label="The first row holds column names (skip it)"
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mt: 2 }}>
          <ColumnSelect label="Value (required)" value={form.value} columns={columns} header={header} onChange={(value) => value !== 'none' && onChange({ value })} helperText="The text of the barcode" />
          <ColumnSelect label="Response" optional value={form.response} columns={columns} header={header} error={issues.response} onChange={(response) => onChange({ response })} helperText="Shown on the scanner" />
          <ColumnSelect
            label="Valid / invalid"
            optional
            value={form.validity}
            columns={columns}
            header={header}
            error={issues.validity}
            onChange={(validity) => onChange({ validity })}
            helperText="0 = invalid; anything else is valid"
          />
        </Box>
      </Paper>

      <ImportPreviewTable preview={preview} form={form} />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3">Options</Typography>
        <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={form.trim} onChange={(event) => onChange({ trim: event.target.checked })} />} label="Remove spaces before and after each value" />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1.5 }}>
          <Typography component="legend" sx={{ fontWeight: 600 }}>
            If a row has a problem (empty value, longer than 500 characters)
          </Typography>
          <RadioGroup value={form.onError} onChange={(event) => onChange({ onError: event.target.value === 'abort' ? 'abort' : 'skip' })}>
            <FormControlLabel value="skip" control={<Radio />} label="Skip it, import the rest and list the skipped rows in a report" />
            <FormControlLabel value="abort" control={<Radio />} label="Stop and import nothing, so I can fix the file first" />
          </RadioGroup>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Values already in the database are updated with the file&apos;s response and validity; nothing is doubled.
        </Typography>
      </Paper>

      <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end' }}>
        <Button onClick={onBack} disabled={busy}>
          Choose another file
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={busy || blocked} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {busy ? 'Uploading…' : 'Start import'}
        </Button>
      </Box>
    </Stack>
  );
}
