import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { accountFromAddress } from '../../branding/hooks/useBrandingFor';
import { AppSsoSignIn } from '../../sso/components/AppSsoSignIn';
import { useScanner } from '../hooks/useScanner';
import { useScannerSignIn } from '../hooks/useScannerSignIn';

/** Signs an app user (not an administrator) in on this device. */
export function SignInForm({ offline }: { offline: boolean }) {
  const { session, client } = useScanner();
  const { signIn, pending, error } = useScannerSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [deviceName, setDeviceName] = useState(session.deviceName);
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { username: username.trim() ? undefined : 'Enter your username', password: password ? undefined : 'Enter your password' };
    setMissing(problems);
    if (problems.username || problems.password) return;
    void signIn({ username: username.trim(), password, deviceName: deviceName.trim() || session.deviceName });
  };

  const message = error ? (error.code === 'AUTH_FAILED' ? 'Wrong username or password.' : error.message) : offline ? 'You are offline. Signing in needs a connection once; after that the scanner also works offline.' : null;
  return (
    <Box sx={{ maxWidth: 440, mx: 'auto', px: 2, py: 3 }}>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Sign in to scan
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Use the app user name and password your administrator gave you.
      </Typography>
      <FormAlert message={message} severity={error ? 'error' : 'info'} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <TextInput label="Username" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" autoCapitalize="none" error={Boolean(missing.username)} helperText={missing.username} />
        <PasswordField label="Password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" error={Boolean(missing.password)} helperText={missing.password} />
        <TextInput label="Device name" value={deviceName} onChange={(event) => setDeviceName(event.target.value)} helperText="How this phone shows up in the device list" />
        <Button type="submit" variant="contained" size="large" disabled={pending} sx={{ py: 1.5, fontSize: 17 }} startIcon={pending ? <CircularProgress size={20} color="inherit" /> : null}>
          Sign in
        </Button>
      </Stack>
      {offline ? null : <AppSsoSignIn client={client} flow="scanner" accountId={accountFromAddress(window.location.search)} udid={session.udid} deviceName={deviceName.trim() || session.deviceName} />}
      <Typography sx={{ mt: 3, textAlign: 'center', fontSize: 15 }}>
        <Link component={RouterLink} href="/app/1.0/more/apphelp#sign-in">
          Help with the scanner
        </Link>
      </Typography>
    </Box>
  );
}
