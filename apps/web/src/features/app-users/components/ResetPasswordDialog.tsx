import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AppUser } from '@scanbase/contracts/app-users';
import { useId, useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { passwordProblem } from '../app-user-form';
import { useUpdateAppUser } from '../hooks/useUpdateAppUser';

type Props = { user: AppUser; open: boolean; onClose: () => void; onDone: () => void };

/** Sets a new scanner-app password for a user (an open invitation stops working). */
export function ResetPasswordDialog({ user, open, onClose, onDone }: Props) {
  const titleId = useId();
  const update = useUpdateAppUser();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setProblem(null);
    update.reset();
    onClose();
  };
  const save = () => {
    const found = passwordProblem(password);
    setProblem(found);
    if (found) return;
    update.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          close();
          onDone();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>Reset password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {user.invited
              ? `${user.username} has not accepted the invitation yet. Setting a password lets them sign in now; the invitation link stops working.`
              : `${user.username} signs in to the scanner app with the new password from the next sign-in. Tell it to them yourself; it is not emailed.`}
          </DialogContentText>
          <FormAlert message={update.error?.message ?? null} />
          <PasswordField
            label="New password"
            autoFocus
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? 'At least 4 characters'}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending} startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Set password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
