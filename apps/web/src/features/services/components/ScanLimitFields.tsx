import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AdvancedFormValues } from '../advanced-form';
import type { AdvancedPartProps } from './field-props';

const windows: { value: AdvancedFormValues['limitWindow']; label: string }[] = [
  { value: 'hour', label: 'per hour' },
  { value: 'day', label: 'per day' },
  { value: 'week', label: 'per week' },
  { value: 'month', label: 'per 30 days' },
  { value: 'ever', label: 'in total' },
];

/** Conditional validation: how many valid scans one value may have in a time window (re-entry rules). */
export function ScanLimitFields({ value, onChange, errors }: AdvancedPartProps) {
  return (
    <Box>
      <FormControlLabel control={<Checkbox checked={value.limitOn} onChange={(event) => onChange({ limitOn: event.target.checked })} />} label="Limit how often the same value may be scanned as valid" />
      {value.limitOn ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 200px' }, mt: 1 }}>
          <TextField
            size="small"
            label="At most (scans)"
            inputMode="numeric"
            value={value.limitMax}
            onChange={(event) => onChange({ limitMax: event.target.value })}
            error={Boolean(errors.limitMax)}
            helperText={errors.limitMax ?? 'Later scans show red'}
          />
          <TextField select size="small" label="Counted" value={value.limitWindow} onChange={(event) => onChange({ limitWindow: event.target.value as AdvancedFormValues['limitWindow'] })}>
            {windows.map((w) => (
              <MenuItem key={w.value} value={w.value}>
                {w.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : null}
    </Box>
  );
}
