import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { CheckInOutMode } from '@scanbase/contracts/check-in-out';
import { modeInfo } from '../check-in-out-settings';

/** Picks Toggle, Fast or Confirm, with what each does. */
export function ModeField({ value, onChange }: { value: CheckInOutMode; onChange: (mode: CheckInOutMode) => void }) {
  return (
    <FormControl>
      <FormLabel id="cio-mode-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
        Mode
      </FormLabel>
      <RadioGroup aria-labelledby="cio-mode-label" value={value} onChange={(event) => onChange(event.target.value as CheckInOutMode)}>
        {modeInfo.map((m) => (
          <FormControlLabel
            key={m.value}
            value={m.value}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {m.label}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {m.hint}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
