import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { columnLabel } from '../import-mapping';

type Props = {
  label: string;
  value: number | 'none';
  columns: number;
  header: readonly string[] | null;
  /** Offer "Not in the file" (response and validity are optional). */
  optional?: boolean;
  error?: string;
  helperText?: string;
  onChange: (value: number | 'none') => void;
};

/** Picks which column of the file holds one thing (value, response, validity). */
export function ColumnSelect({ label, value, columns, header, optional = false, error, helperText, onChange }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(event) => onChange(event.target.value === 'none' ? 'none' : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? helperText}
    >
      {optional ? <MenuItem value="none">Not in the file</MenuItem> : null}
      {Array.from({ length: columns }, (_unused, index) => (
        <MenuItem key={index} value={String(index)}>
          {columnLabel(index, header)}
        </MenuItem>
      ))}
    </TextField>
  );
}
