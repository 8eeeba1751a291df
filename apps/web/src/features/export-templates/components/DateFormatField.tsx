import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dateFormatPresets } from '@scanbase/contracts/scan-data';
import { useState } from 'react';
import { useNow } from '../hooks/useNow';
import { formatExample } from '../template-form';

type Props = { value: string; onChange: (pattern: string) => void; timeZone: string | undefined; error?: string };

const CUSTOM = '__custom__';
const presets: readonly string[] = dateFormatPresets;

/** How times are written: a preset (each shown with the current time in it) or a date-fns pattern of one's own, with a live example. */
export function DateFormatField({ value, onChange, timeZone, error }: Props) {
  const now = useNow();
  const [custom, setCustom] = useState(() => !presets.includes(value));
  const example = formatExample(value, now, timeZone);
  const exampleText = (pattern: string) => {
    const result = formatExample(pattern, now, timeZone);
    return 'text' in result ? result.text : '';
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        select
        size="small"
        label="Date format"
        value={custom ? CUSTOM : value}
        onChange={(event) => {
          if (event.target.value === CUSTOM) setCustom(true);
          else {
            setCustom(false);
            onChange(event.target.value);
          }
        }}
      >
        {presets.map((pattern) => (
          <MenuItem key={pattern} value={pattern} sx={{ flexWrap: 'wrap' }}>
            <span>{exampleText(pattern)}</span>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'ui-monospace, monospace', ml: 1.5 }}>
              {pattern}
            </Typography>
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>A pattern of my own…</MenuItem>
      </TextField>
      {custom ? (
        <TextField
          size="small"
          label="Pattern"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error) || 'problem' in example}
          helperText={error ?? ('problem' in example ? example.problem : 'date-fns letters: yyyy year, MM month, dd day, HH hour, mm minutes, ss seconds; text in single quotes.')}
          slotProps={{ htmlInput: { maxLength: 60, spellCheck: false, style: { fontFamily: 'ui-monospace, monospace' } } }}
        />
      ) : error ? (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      ) : null}
      <Typography variant="body2" role="status" aria-live="off" sx={{ color: 'text.secondary' }}>
        {'text' in example ? (
          <>
            Now, in this format:{' '}
            <Box component="strong" sx={{ color: 'text.primary', fontFamily: 'ui-monospace, monospace' }}>
              {example.text}
            </Box>
          </>
        ) : (
          'No example until the pattern can be used.'
        )}
      </Typography>
    </Box>
  );
}
