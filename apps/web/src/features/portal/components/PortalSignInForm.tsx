import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PortalFlow } from '../../../session/portal-flows';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { SubmitButton } from '../../auth/components/SubmitButton';
import { usePortal } from '../hooks/usePortal';
import { portalDeviceNames, usePortalSignIn } from '../hooks/usePortalSignIn';
import { accountFromAddress } from '../../branding/hooks/useBrandingFor';
import { AppSsoSignIn } from '../../sso/components/AppSsoSignIn';
import { SSO_RETURN_PARAM } from '../portal-login';

type Props = { flow: PortalFlow; onDone: () => void };

/** Username and password of an app user with portal access; when someone is signed in already, continue or sign out. */
export function PortalSignInForm({ flow, onDone }: Props) {
  const { user, session, client } = usePortal(flow);
  const { signIn, pending, error } = usePortalSignIn(flow);
  const [values, setValues] = useState({ username: '', password: '' });
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});
  // Back from single sign-on signed in: go on, as after a password sign-in (no "Signed in as … Continue" click).
  const backFromSso = new URLSearchParams(window.location.search).has(SSO_RETURN_PARAM);
  const continued = useRef(false);
  useEffect(() => {
    if (!user || !backFromSso || continued.current) return;
    continued.current = true;
    onDone();
  }, [user, backFromSso, onDone]);

  if (user) {
    return (
      <Stack spacing={2}>
        <Typography>
          Signed in as <strong>{user.username}</strong>.
        </Typography>
        <Button variant="contained" size="large" onClick={onDone} autoFocus>
          Continue
        </Button>
        <Button onClick={() => void session.signOut()}>Sign in as someone else</Button>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { username: values.username.trim() ? undefined : 'Enter your username', password: values.password ? undefined : 'Enter your password' };
    setMissing(next);
    if (next.username || next.password) return;
    if (await signIn({ username: values.username.trim(), password: values.password })) onDone();
  };

  return (
    <>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={error ? error.message : null} />
        <TextInput
          label="Username"
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))}
          error={Boolean(missing.username)}
          helperText={missing.username}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
          error={Boolean(missing.password)}
          helperText={missing.password}
        />
        <SubmitButton busy={pending}>Sign in</SubmitButton>
      </Stack>
      <AppSsoSignIn client={client} flow={flow} accountId={accountFromAddress(window.location.search)} udid={session.udid} deviceName={portalDeviceNames[flow]} />
    </>
  );
}
