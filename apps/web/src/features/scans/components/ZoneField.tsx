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

type Props = { value: string | undefined; accountZone: string; onChange: (zone: string | undefined) => void; fullWidth?: boolean };

/** The zone dates and times are read and shown in; the account's zone is the default (and leaves the address). */
export function ZoneField({ value, accountZone, onChange, fullWidth = false }: Props) {
  const current = value ?? accountZone;
  const options = useMemo(() => {
    const names = zoneNames();
    return [...new Set([accountZone, current, ...names])];
  }, [accountZone, current]);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={current}
      onChange={(_event, next) => onChange(next === accountZone ? undefined : next)}
      disableClearable
      autoHighlight
      renderOption={({ key, ...props }, zone) => (
        <li key={key} {...props}>
          {zone === accountZone ? `${zone} (account)` : zone}
        </li>
      )}
      sx={{ width: fullWidth ? '100%' : 230, bgcolor: 'background.paper' }}
      renderInput={(params) => <TextField {...params} label="Time zone" />}
    />
  );
}
