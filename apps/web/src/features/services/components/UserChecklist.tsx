import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { TriStateCheckbox } from '../../../ui/TriStateCheckbox';
import { visuallyHidden } from '../../../ui/VisuallyHidden';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AppUser } from '@scanbase/contracts/app-users';

type Props = { users: readonly AppUser[]; selected: ReadonlySet<number>; onChange: (selected: Set<number>) => void };

function userLabel(user: AppUser): string {
  if (user.isOwner) return `${user.username} (you, the account owner)`;
  return user.invited ? `${user.username} (invited, not signed in yet)` : user.username;
}

/** Ticks the app users who may open a service; "everyone" ticks or clears them all. */
export function UserChecklist({ users, selected, onChange }: Props) {
  const all = users.length > 0 && users.every((user) => selected.has(user.id));
  const some = users.some((user) => selected.has(user.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <FormControlLabel
        control={<TriStateCheckbox checked={all} indeterminate={some && !all} onChange={(event) => onChange(event.target.checked ? new Set(users.map((user) => user.id)) : new Set())} />}
        label={<Typography sx={{ fontWeight: 600 }}>Everyone ({users.length})</Typography>}
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, pl: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Typography component="legend" sx={visuallyHidden}>
          App users
        </Typography>
        {users.map((user) => (
          <FormControlLabel
            key={user.id}
            control={<Checkbox checked={selected.has(user.id)} onChange={(event) => toggle(user.id, event.target.checked)} />}
            label={userLabel(user)}
            sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
          />
        ))}
      </Box>
    </Paper>
  );
}
