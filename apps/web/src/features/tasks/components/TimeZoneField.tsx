import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';

function zoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

type Props = { value: string; onChange: (zone: string) => void; error?: string | undefined; disabled?: boolean; helperText?: string; label?: string; size?: 'small' | 'medium' };

/** A searchable IANA time zone picker (Europe/Paris, America/Chicago…). */
export function TimeZoneField({ value, onChange, error, disabled = false, helperText = 'Times above are in this zone', label = 'Time zone', size = 'small' }: Props) {
  const options = useMemo(() => {
    const names = zoneNames();
    return names.includes(value) || !value ? names : [value, ...names];
  }, [value]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_event, next) => onChange(next ?? '')}
      disableClearable={Boolean(value)}
      disabled={disabled}
      autoHighlight
      size={size}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}
