import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { RouterLink } from '../../../../ui/RouterLink';
import { useCheckInOutPicker } from '../../hooks/useCheckInOutPicker';
import { periodMetrics, type InputsFormValues } from '../../task-inputs';
import { SourceFileField } from './SourceFileField';

type Props = {
  type: 'downloadcheckinout' | 'importcheckinoutscans';
  value: InputsFormValues;
  onChange: (patch: Partial<InputsFormValues>) => void;
  /** Messages by input key (`serviceId`, `period.from`, `fileId`, `url`…). */
  errors: Record<string, string>;
  disabled: boolean;
};

/** Picks one of the account's check in/out services. */
function InstanceField({ value, onChange, error, disabled }: { value: string; onChange: (id: string) => void; error?: string | undefined; disabled: boolean }) {
  const instances = useCheckInOutPicker();
  if (instances.isPending) {
    return (
      <TextField
        label="Check in/out service"
        size="small"
        fullWidth
        disabled
        value="Loading check in/out services…"
        slotProps={{ input: { endAdornment: <InputAdornment position="end"><CircularProgress size={18} aria-label="Loading check in/out services" /></InputAdornment> } }}
      />
    );
  }
  if (instances.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void instances.refetch()}>Try again</Button>}>
        The list of check in/out services did not load: {instances.error.message}
      </Alert>
    );
  }
  const items = instances.data.items;
  const missing = value !== '' && !items.some((i) => String(i.id) === value);
  if (items.length === 0 && !missing) {
    return (
      <Alert severity="info" role="status" action={<Button component={RouterLink} href="/account/specialized-services/create/check-in-out/" color="inherit" size="small">Create one</Button>}>
        This account has no check in/out service yet. Create one, then come back to this task.
      </Alert>
    );
  }
  return (
    <TextField
      select
      label="Check in/out service"
      size="small"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error) || missing}
      helperText={error ?? (missing ? 'This service no longer exists; choose another one.' : undefined)}
      disabled={disabled}
      slotProps={{ select: { displayEmpty: true, renderValue: (id) => (id === '' ? <Box component="span" sx={{ color: 'text.secondary' }}>Select a check in/out service</Box> : (items.find((i) => String(i.id) === id)?.name ?? `Deleted service (#${String(id)})`)) }, inputLabel: { shrink: true } }}
    >
      {missing ? <MenuItem value={value} disabled>Deleted service (#{value})</MenuItem> : null}
      {items.map((i) => (
        <MenuItem key={i.id} value={String(i.id)}>
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** downloadcheckinout (instance, roster or movements of a period, CSV or Excel) and importcheckinoutscans (instance and a CSV source). */
export function CheckInOutInputs({ type, value, onChange, errors, disabled }: Props) {
  const whatId = useId();
  const formatId = useId();
  const instance = <InstanceField value={value.instanceId} onChange={(instanceId) => onChange({ instanceId })} error={errors.serviceId} disabled={disabled} />;

  if (type === 'importcheckinoutscans') {
    return (
      <Stack spacing={2.5}>
        {instance}
        <RadioGroup row aria-label="Where the file comes from" value={value.source} onChange={(event) => onChange({ source: event.target.value as InputsFormValues['source'] })}>
          <FormControlLabel value="file" control={<Radio />} label="Upload a file" disabled={disabled} />
          <FormControlLabel value="url" control={<Radio />} label="Fetch a URL at each run" disabled={disabled} />
        </RadioGroup>
        {value.source === 'file' ? (
          <SourceFileField value={value.file} onChange={(file) => onChange({ file })} error={errors.fileId} disabled={disabled} />
        ) : (
          <TextField label="File URL" size="small" fullWidth value={value.url} onChange={(event) => onChange({ url: event.target.value })} error={Boolean(errors.url)} helperText={errors.url ?? 'A CSV file at an http:// or https:// address.'} disabled={disabled} />
        )}
        <FormControlLabel control={<Switch checked={value.hasHeader} onChange={(event) => onChange({ hasHeader: event.target.checked })} disabled={disabled} />} label="The first row names the columns" />
        <Typography variant="body2" color="text.secondary">
          Columns: <strong>value</strong>, <strong>direction</strong> (in or out), <strong>time</strong> (ISO, or the account’s local yyyy-MM-dd HH:mm), and optionally <strong>user</strong> (an app user’s
          name) and <strong>reason</strong>. Every row is checked first, and the movements of each value are replayed in time order: a movement to the state the value is already in, or older than its
          last movement, refuses the whole file with its row number.
        </Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      {instance}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography id={whatId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
          What to export
        </Typography>
        <RadioGroup aria-labelledby={whatId} value={value.what} onChange={(event) => onChange({ what: event.target.value as InputsFormValues['what'] })}>
          <FormControlLabel value="roster" control={<Radio />} label="The roster: every value with its state, since when, by whom and how many moves" disabled={disabled} />
          <FormControlLabel value="movements" control={<Radio />} label="The movements of a period: every scan with its direction, checklist, reason, user, device and time" disabled={disabled} />
        </RadioGroup>
      </Box>
      {value.what === 'movements' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: value.periodKind === 'all' ? '1fr' : '2fr 1fr 1fr' } }}>
          <TextField select label="Period" size="small" value={value.periodKind === 'last' || value.periodKind === 'range' ? value.periodKind : 'all'} onChange={(event) => onChange({ periodKind: event.target.value as InputsFormValues['periodKind'] })} error={Boolean(errors.period)} helperText={errors.period} disabled={disabled}>
            <MenuItem value="all">All movements</MenuItem>
            <MenuItem value="last">The last hours, days, weeks or months</MenuItem>
            <MenuItem value="range">Between two dates (the account’s time zone)</MenuItem>
          </TextField>
          {value.periodKind === 'last' ? (
            <>
              <TextField label="Number" size="small" type="number" value={value.periodNumber} onChange={(event) => onChange({ periodNumber: event.target.value })} error={Boolean(errors['period.number'])} helperText={errors['period.number']} disabled={disabled} slotProps={{ htmlInput: { min: 1, max: 10_000 } }} />
              <TextField select label="Unit" size="small" value={value.periodMetric} onChange={(event) => onChange({ periodMetric: event.target.value as InputsFormValues['periodMetric'] })} disabled={disabled}>
                {periodMetrics.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.many}
                  </MenuItem>
                ))}
              </TextField>
            </>
          ) : null}
          {value.periodKind === 'range' ? (
            <>
              <TextField label="From" size="small" type="date" value={value.periodFrom} onChange={(event) => onChange({ periodFrom: event.target.value })} error={Boolean(errors['period.from'])} helperText={errors['period.from']} disabled={disabled} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="To" size="small" type="date" value={value.periodTo} onChange={(event) => onChange({ periodTo: event.target.value })} error={Boolean(errors['period.to'])} helperText={errors['period.to']} disabled={disabled} slotProps={{ inputLabel: { shrink: true } }} />
            </>
          ) : null}
        </Box>
      ) : null}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography id={formatId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
          File format
        </Typography>
        <RadioGroup row aria-labelledby={formatId} value={value.format === 'xlsx' ? 'xlsx' : 'csv'} onChange={(event) => onChange({ format: event.target.value as InputsFormValues['format'] })}>
          <FormControlLabel value="csv" control={<Radio />} label="CSV" disabled={disabled} />
          <FormControlLabel value="xlsx" control={<Radio />} label="Excel (XLSX)" disabled={disabled} />
        </RadioGroup>
        {errors.format ? <FormHelperText error>{errors.format}</FormHelperText> : null}
      </Box>
    </Stack>
  );
}
