import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { timezoneBehaviors } from '../settings-form';

type Props = { value: number; onChange: (value: number) => void; error?: string | undefined; disabled?: boolean };

/** `timezoneBehavior` as three explained choices. */
export function TimeDisplayField({ value, onChange, error, disabled = false }: Props) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        Show scan times in
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {timezoneBehaviors.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={String(choice.value)}
            sx={{ alignItems: 'flex-start', mt: 0.5 }}
            control={<Radio sx={{ pt: 0.5 }} />}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {choice.label}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {choice.hint}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
