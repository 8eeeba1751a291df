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

type Props = { value: string; onChange: (zone: string) => void; error?: string | undefined; disabled?: boolean };

/** The account's IANA time zone, searchable (Europe/Paris, America/Chicago…). */
export function AccountZoneField({ value, onChange, error, disabled = false }: Props) {
  const options = useMemo(() => {
    const names = zoneNames();
    return names.includes(value) || !value ? names : [value, ...names];
  }, [value]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_event, next) => onChange(next ?? '')}
      disabled={disabled}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} label="Account time zone" error={Boolean(error)} helperText={error ?? 'Lists, new tasks and export templates use this zone.'} />
      )}
    />
  );
}
