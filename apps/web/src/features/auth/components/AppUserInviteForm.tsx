import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { acceptAppUserInvite } from '@scanbase/contracts/app-users';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../../app/useServices';
import { RouterLink } from '../../../ui/RouterLink';
import { AuthHeading } from './AuthHeading';
import { FormAlert } from './FormAlert';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';

/** An app user invited by email (link `/user/confirmemail/appuser/{token}/`) chooses a password, then opens the scanner. */
export function AppUserInviteForm({ token }: { token: string }) {
  const { v2 } = useServices();
  const [password, setPassword] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = acceptAppUserInvite.body.shape.password.safeParse(password);
    if (!checked.success) {
      setIssue(checked.error.issues[0]?.message ?? 'Choose a password');
      return;
    }
    setIssue(null);
    setBusy(true);
    try {
      const reply = await v2.call(acceptAppUserInvite, { token, password });
      setUsername(reply.username);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The password could not be set. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (username !== null) {
    return (
      <>
        <AuthHeading title="You are ready to scan">Your password is set. Sign in to the scanner with the username below and this password.</AuthHeading>
        <Typography sx={{ mb: 2 }}>
          Username: <b>{username}</b>
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" size="large" component={RouterLink} href="/scanner">
            Open the scanner
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} href="/aayor/">
            Scanner on another phone
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Set your scanner password">You were invited to scan for a Scanbase account. Choose the password you will sign in to the scanner with.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={issue !== null}
          helperText={issue ?? 'At least 4 characters'}
        />
        <SubmitButton busy={busy}>Set my password</SubmitButton>
      </Stack>
    </>
  );
}
