import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import type { AdvancedFormValues } from '../advanced-form';

type Props = { value: AdvancedFormValues; onChange: (patch: Partial<AdvancedFormValues>) => void; errors: Record<string, string> };

const shrink = { inputLabel: { shrink: true }, htmlInput: { step: 1 } } as const;

/** "Only between": first and last day with times; off means the service can always be used. */
export function PeriodFields({ value, onChange, errors }: Props) {
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={value.periodOn} onChange={(event) => onChange({ periodOn: event.target.checked })} />}
        label={value.periodOn ? 'Only between these dates' : 'Always (no start or end date)'}
      />
      {value.periodOn ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr 1fr' } }}>
          <TextField type="date" size="small" label="From" value={value.startDate} onChange={(event) => onChange({ startDate: event.target.value })} error={Boolean(errors.startDate)} helperText={errors.startDate} slotProps={shrink} />
          <TextField type="time" size="small" label="Start time" value={value.startTime} onChange={(event) => onChange({ startTime: event.target.value })} error={Boolean(errors.startTime)} helperText={errors.startTime} slotProps={shrink} />
          <TextField type="date" size="small" label="Until" value={value.endDate} onChange={(event) => onChange({ endDate: event.target.value })} error={Boolean(errors.endDate)} helperText={errors.endDate} slotProps={shrink} />
          <TextField type="time" size="small" label="End time" value={value.endTime} onChange={(event) => onChange({ endTime: event.target.value })} error={Boolean(errors.endTime)} helperText={errors.endTime} slotProps={shrink} />
        </Box>
      ) : null}
    </Stack>
  );
}
