import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdvancedFormValues } from '../advanced-form';
import { autoNextOptions } from '../service-types';
import type { AdvancedPartProps } from './field-props';

type Props = AdvancedPartProps & { usesDatabase: boolean };

/** After each scan, the phone's location, and what people may do in the scanner app. */
export function ScanBehaviourFields({ value, onChange, errors, usesDatabase }: Props) {
  const flag = (key: 'enableGps' | 'blockCamera' | 'blockManual' | 'blockDbSearch' | 'viewOtherScans', label: string) => (
    <FormControlLabel control={<Checkbox checked={value[key]} onChange={(event) => onChange({ [key]: event.target.checked })} />} label={label} />
  );
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 160px' } }}>
        <TextField select size="small" label="After a scan" value={value.autoNext} onChange={(event) => onChange({ autoNext: event.target.value as AdvancedFormValues['autoNext'] })}>
          {autoNextOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {value.autoNext !== '0' ? (
          <TextField
            size="small"
            label="Pause (seconds)"
            inputMode="decimal"
            value={value.autoNextDelay}
            onChange={(event) => onChange({ autoNextDelay: event.target.value })}
            error={Boolean(errors.autoNextDelay)}
            helperText={errors.autoNextDelay ?? 'Before the next scan'}
          />
        ) : null}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          In the scanner app
        </Typography>
        <FormGroup>
          {flag('enableGps', 'Save the phone’s location with each scan')}
          {flag('viewOtherScans', 'People can see everyone’s scans of this service, not only their own')}
          {flag('blockCamera', 'Do not allow scanning with the camera (hardware scanners only)')}
          {flag('blockManual', 'Do not allow typing a value by hand')}
          {usesDatabase ? flag('blockDbSearch', 'Do not allow searching the database from the app') : null}
        </FormGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          type="url"
          label="History page (optional)"
          value={value.directHistoryUrl}
          onChange={(event) => onChange({ directHistoryUrl: event.target.value })}
          error={Boolean(errors.directHistoryUrl)}
          helperText={errors.directHistoryUrl ?? 'A web page the app opens for History instead of its own list'}
        />
        <TextField
          size="small"
          type="url"
          label="Lookup page (optional)"
          value={value.directLookupUrl}
          onChange={(event) => onChange({ directLookupUrl: event.target.value })}
          error={Boolean(errors.directLookupUrl)}
          helperText={errors.directLookupUrl ?? 'A web page the app opens for Lookup'}
        />
      </Box>
    </Stack>
  );
}
