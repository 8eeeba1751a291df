import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';

type Props = { value: string; onChange: (zone: string) => void; accountZone: string | undefined; error?: string };

const ACCOUNT = 'account';

function zoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** The zone times are written in: the account's at export time (default), or a named IANA zone. */
export function TimeZoneChoice({ value, onChange, accountZone, error }: Props) {
  const options = useMemo(() => {
    const names = zoneNames();
    return [ACCOUNT, ...(names.includes(value) || value === ACCOUNT || !value ? names : [value, ...names])];
  }, [value]);
  const label = (option: string) => (option === ACCOUNT ? `The account’s time zone${accountZone ? ` (now ${accountZone})` : ''}` : option);
  return (
    <Autocomplete
      options={options}
      value={value || ACCOUNT}
      onChange={(_event, next) => onChange(next ?? ACCOUNT)}
      getOptionLabel={label}
      disableClearable
      autoHighlight
      size="small"
      renderInput={(params) => (
        <TextField {...params} label="Time zone" error={Boolean(error)} helperText={error ?? (value === ACCOUNT ? 'Follows the account setting when the export runs.' : 'Times are written in this zone, whatever the account setting.')} />
      )}
    />
  );
}
