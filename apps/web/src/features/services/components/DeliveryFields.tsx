import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AdvancedPartProps } from './field-props';

/** An email with the scans after each upload from a phone. */
export function UploadEmailFields({ value, onChange, errors }: AdvancedPartProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
      <TextField
        size="small"
        type="email"
        label="Email address (optional)"
        value={value.uploadEmail}
        onChange={(event) => onChange({ uploadEmail: event.target.value })}
        error={Boolean(errors.uploadEmail)}
        helperText={errors.uploadEmail ?? 'Gets a CSV file of the scans each time a phone uploads'}
      />
      <TextField select size="small" label="CSV columns" value={value.uploadEmailFormat} onChange={(event) => onChange({ uploadEmailFormat: event.target.value === 'properties' ? 'properties' : 'regular' })}>
        <MenuItem value="regular">Scans and answers</MenuItem>
        <MenuItem value="properties">Also scan properties</MenuItem>
      </TextField>
    </Box>
  );
}

/** Non-postback services: also send scans to your server. */
export function ForwardingFields({ value, onChange, errors }: AdvancedPartProps) {
  const flag = (key: 'forwardRealTime' | 'forwardUploaded' | 'receiverOnly', label: string) => (
    <FormControlLabel control={<Checkbox checked={value[key]} onChange={(event) => onChange({ [key]: event.target.checked })} />} label={label} />
  );
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        type="url"
        label="Your server’s address (optional)"
        placeholder="https://example.com/scans"
        value={value.forwardUrl}
        onChange={(event) => onChange({ forwardUrl: event.target.value })}
        error={Boolean(errors.forwardUrl)}
        helperText={errors.forwardUrl ?? 'Scans are still saved in Scanbase; this sends a copy'}
      />
      <FormGroup>
        {flag('forwardRealTime', 'Send each scan as it is made (online scans)')}
        {flag('forwardUploaded', 'Send scans uploaded later from phones that were offline')}
        {flag('receiverOnly', 'My server only receives; do not wait for its reply')}
      </FormGroup>
    </Stack>
  );
}

/** Postback services: the app posts straight to the URL. */
export function DirectScanField({ value, onChange, errors }: AdvancedPartProps) {
  return (
    <FormControlLabel
      control={<Checkbox checked={value.directScan} onChange={(event) => onChange({ directScan: event.target.checked })} />}
      label={errors.directScan ?? 'Direct scan: the phone posts each scan straight to your server, not through Scanbase'}
    />
  );
}

/** On-device types: background sync up and down. */
export function SyncFields({ value, onChange, errors }: AdvancedPartProps) {
  return (
    <Stack spacing={1.5}>
      <FormControlLabel control={<Checkbox checked={value.autoSync} onChange={(event) => onChange({ autoSync: event.target.checked })} />} label="Sync in the background (up to 50,000 database values on the phone)" />
      {value.autoSync ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField size="small" label="Upload every (seconds)" inputMode="decimal" value={value.autoSyncUpDelay} onChange={(event) => onChange({ autoSyncUpDelay: event.target.value })} error={Boolean(errors.autoSyncUpDelay)} helperText={errors.autoSyncUpDelay} />
          <TextField
            size="small"
            type="url"
            label="Upload to (optional)"
            value={value.autoSyncUpUrl}
            onChange={(event) => onChange({ autoSyncUpUrl: event.target.value })}
            error={Boolean(errors.autoSyncUpUrl)}
            helperText={errors.autoSyncUpUrl ?? 'Your own address; empty: Scanbase'}
          />
          <FormControlLabel control={<Checkbox checked={value.autoSyncDown} onChange={(event) => onChange({ autoSyncDown: event.target.checked })} />} label="Download database changes" />
          {value.autoSyncDown ? (
            <TextField size="small" label="Check for changes every (seconds)" inputMode="decimal" value={value.autoSyncDownDelay} onChange={(event) => onChange({ autoSyncDownDelay: event.target.value })} error={Boolean(errors.autoSyncDownDelay)} helperText={errors.autoSyncDownDelay} />
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
