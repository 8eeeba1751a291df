import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startAppSso, type AppSsoFlow } from '@scanbase/contracts/sso';
import { useState, type FormEvent } from 'react';
import type { V2Client } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { SSO_RETURN_PARAM } from '../../portal/portal-login';
import { useAppSsoOptions } from '../hooks/useAppSsoOptions';

type Props = { client: V2Client; flow: AppSsoFlow; accountId: number | null; udid: string; deviceName: string };
type Choice = { accountId: number; companyName: string };

/**
 * "Sign in with <provider>" for app users (scanner, portals; docs/SSO.md "App users"). With the account known
 * (`?account=`), one button when its owner switched SSO for app users on; else, when some company of this install
 * signs its app users in with SSO, a link that asks for the work email.
 * The identity provider sends the browser back to /signinSSO, which returns here signed in.
 */
export function AppSsoSignIn({ client, flow, accountId, udid, deviceName }: Props) {
  const options = useAppSsoOptions(client, accountId);
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async (by: { accountId?: number; email?: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      // A portal's sign-in page, back from the provider, goes on by itself (the scanner shows its services anyway).
      const back = new URLSearchParams(window.location.search);
      if (flow !== 'scanner') back.set(SSO_RETURN_PARAM, '1');
      const query = back.toString();
      const returnTo = `${window.location.pathname}${query ? `?${query}` : ''}`;
      const reply = await client.call(startAppSso, { flow, returnTo, udid, deviceName, ...by });
      if (reply.kind === 'redirect') {
        window.location.assign(reply.url);
        return;
      }
      setChoices(reply.accounts);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Single sign-on could not be started.');
    }
    setBusy(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) void start({ email: email.trim().toLowerCase() });
  };

  if (accountId !== null) {
    if (!options?.available) return null;
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
        <FormAlert message={problem} />
        <Button variant="outlined" size="large" disabled={busy} onClick={() => void start({ accountId })}>
          Sign in with {options.providerName}
        </Button>
      </Box>
    );
  }
  // The email path only where some company of this install signs its app users in with SSO.
  if (!options?.available) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <FormAlert message={problem} />
      {choices ? (
        <Stack spacing={1}>
          <Typography>Your address signs in to several companies. Choose one:</Typography>
          {choices.map((c) => (
            <Button key={c.accountId} variant="outlined" disabled={busy} onClick={() => void start({ email: email.trim().toLowerCase(), accountId: c.accountId })}>
              {c.companyName}
            </Button>
          ))}
        </Stack>
      ) : asking ? (
        <Stack component="form" spacing={1.5} noValidate onSubmit={submit}>
          <TextInput label="Work email" type="email" autoComplete="email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" variant="outlined" disabled={busy || !email.trim()}>
            Continue to your company’s sign-in
          </Button>
        </Stack>
      ) : (
        <Button fullWidth onClick={() => setAsking(true)}>
          Sign in with your company’s single sign-on
        </Button>
      )}
    </Box>
  );
}
