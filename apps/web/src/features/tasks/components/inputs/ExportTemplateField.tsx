import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useExportTemplateList } from '../../../export-templates/hooks/useExportTemplateList';

type Props = { value: string; onChange: (templateId: string) => void; error?: string; disabled: boolean };

/** The layout of an export: an export template (`scans/templates/list`) or Scanbase's default columns. */
export function ExportTemplateField({ value, onChange, error, disabled }: Props) {
  const templates = useExportTemplateList();
  const items = templates.data?.items ?? [];
  const chosen = items.find((template) => String(template.id) === value);
  const missing = value !== '' && templates.isSuccess && !chosen;
  if (templates.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void templates.refetch()}>Try again</Button>}>
        The export templates did not load: {templates.error.message}
      </Alert>
    );
  }
  const help = templates.isPending
    ? 'Loading the export templates…'
    : missing
    ? 'This template was deleted: choose another one, or the default columns.'
    : value === ''
      ? 'Every scan field, then a column per question and per property.'
      : chosen
        ? `${chosen.columns.length} ${chosen.columns.length === 1 ? 'column' : 'columns'}, ${chosen.rowPer === 'answer' ? 'a row per answer' : 'a row per scan'}.`
        : undefined;
  return (
    <Box>
      <TextField
        select
        fullWidth
        size="small"
        label="Columns"
        value={templates.isPending && value !== '' ? '' : value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error) || missing}
        helperText={error ?? help}
        disabled={disabled || templates.isPending}
        // '' is "Default columns", a real choice: shown, with the label kept up.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Default columns</MenuItem>
        {items.map((template) => (
          <MenuItem key={template.id} value={String(template.id)}>
            Template: {template.name}
          </MenuItem>
        ))}
        {missing ? <MenuItem value={value}>Deleted template (#{value})</MenuItem> : null}
      </TextField>
      <Link href="/account/scans/templates/" target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
        {items.length === 0 && templates.isSuccess ? 'Make an export template' : 'Manage export templates'}
        <OpenInNew sx={{ fontSize: 14 }} aria-label="(opens in a new tab)" />
      </Link>
    </Box>
  );
}
