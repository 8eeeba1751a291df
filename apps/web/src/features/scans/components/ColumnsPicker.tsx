import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useExportTemplates } from '../hooks/useExportTemplates';

type Props = { value: number | undefined; onChange: (template: number | undefined) => void };

/** Which columns the table shows: the default ones, or those of an export template (`template=` in the address). */
export function ColumnsPicker({ value, onChange }: Props) {
  const templates = useExportTemplates();
  const items = templates.data?.items ?? [];
  const known = value === undefined || items.some((template) => template.id === value);
  return (
    <TextField
      select
      size="small"
      label="Columns"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', md: 220 }, bgcolor: 'background.paper' }}
      helperText={templates.isError ? 'Templates did not load' : undefined}
      error={templates.isError}
    >
      <MenuItem value="">Default columns</MenuItem>
      {items.map((template) => (
        <MenuItem key={template.id} value={template.id}>
          {template.name}
        </MenuItem>
      ))}
      {!known && value !== undefined ? <MenuItem value={value}>Template #{value}</MenuItem> : null}
    </TextField>
  );
}
