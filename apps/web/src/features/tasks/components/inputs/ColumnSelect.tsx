import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { columnName } from '../../task-inputs';

type Props = { label: string; value: string; onChange: (value: string) => void; required?: boolean; error?: string; disabled?: boolean };

const COLUMNS = 26;

/** One column of the source file (A…Z), or "not in the file" when the column is optional. */
export function ColumnSelect({ label, value, onChange, required = false, error, disabled = false }: Props) {
  const extra = value !== '' && Number(value) >= COLUMNS ? [Number(value)] : [];
  return (
    <TextField select label={required ? `${label} (required)` : label} size="small" fullWidth value={value} onChange={(event) => onChange(event.target.value)} error={Boolean(error)} helperText={error} disabled={disabled}>
      {required ? null : (
        <MenuItem value="">
          <em>Not in the file</em>
        </MenuItem>
      )}
      {[...Array.from({ length: COLUMNS }, (_, index) => index), ...extra].map((index) => (
        <MenuItem key={index} value={String(index)}>
          Column {columnName(index)}
        </MenuItem>
      ))}
    </TextField>
  );
}
