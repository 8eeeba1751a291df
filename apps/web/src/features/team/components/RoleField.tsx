import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { assignableRoles, roleHint, roleLabel } from '../team-rules';

type Props = { value: string; onChange: (role: string) => void; disabled?: boolean; helperText?: string };

/** The role picker: administrator or billing administrator (a member's other role stays offered as it is). */
export function RoleField({ value, onChange, disabled = false, helperText }: Props) {
  const roles: string[] = [...assignableRoles];
  if (!roles.includes(value)) roles.push(value);
  return (
    <TextField
      select
      label="Role"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      helperText={helperText ?? roleHint(value)}
      fullWidth
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleLabel(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}
