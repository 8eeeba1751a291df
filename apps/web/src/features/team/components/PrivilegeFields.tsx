import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { Privileges } from '@scanbase/contracts/roles';
import { privilegeChoices } from '../team-rules';

type Props = { value: Privileges; onChange: (next: Privileges) => void; disabled?: boolean };

/** The three privileges as checkboxes, each saying what it opens. */
export function PrivilegeFields({ value, onChange, disabled = false }: Props) {
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">Privileges</FormLabel>
      <FormGroup>
        {privilegeChoices.map((choice) => (
          <FormControlLabel
            key={choice.key}
            sx={{ alignItems: 'flex-start', mt: 0.5 }}
            control={<Checkbox checked={value[choice.key]} onChange={(event) => onChange({ ...value, [choice.key]: event.target.checked })} sx={{ pt: 0.5 }} />}
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
      </FormGroup>
    </FormControl>
  );
}
