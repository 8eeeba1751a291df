import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { signOut, verifySignIn, type SessionUser } from '@scanbase/contracts/auth';
import { useRef, useState, type FormEvent } from 'react';
import { useServices } from '../../../app/useServices';
import { V2Client, V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { TwoFactorSetupFlow } from '../../profile/components/TwoFactorSetupFlow';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { handOverSecondStep, type SecondStep } from '../second-step';
import { AuthHeading } from './AuthHeading';
import { CodeField } from './CodeField';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';

/** `onCancel(null)` goes back to the password form. */
type Props = { step: SecondStep; onCancel: (none: null) => void };

/** The sign-in's second step (loaded only when needed): a code or recovery code, or the set-up the account requires. */
export function TwoFactorStep({ step, onCancel }: Props) {
  const { reply, to } = step;
  const cancel = () => {
    handOverSecondStep(null);
    onCancel(null);
  };
  return reply.kind === 'two_factor' ? <CodeStep challenge={reply.challenge} to={to} onCancel={cancel} /> : <RequiredSetupStep token={reply.token} user={reply.user} to={to} onCancel={cancel} />;
}

function CodeStep({ challenge, to, onCancel }: { challenge: string; to: string | undefined; onCancel: () => void }) {
  const { v2 } = useServices();
  const complete = useCompleteSignIn();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const restart = onCancel;

  const switchMode = () => {
    setMode((current) => (current === 'code' ? 'recovery' : 'code'));
    setValue('');
    setFieldError(undefined);
    setMessage(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = mode === 'code' ? (value.length === 6 ? undefined : 'Enter the 6-digit code from your authenticator app') : value.trim() ? undefined : 'Enter one of your recovery codes';
    if (problem) {
      setFieldError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const reply = await v2.call(verifySignIn, mode === 'code' ? { challenge, code: value } : { challenge, recoveryCode: value });
      handOverSecondStep(null);
      await complete(reply, to);
    } catch (error) {
      setBusy(false);
      if (error instanceof V2Error && error.code === 'AUTH_FAILED') {
        setExpired(true);
        setMessage(error.message);
        return;
      }
      const issue = error instanceof V2Error ? error.fieldIssues.find((i) => i.path === 'code' || i.path === 'recoveryCode') : undefined;
      if (issue) {
        setFieldError(issue.message);
        input.current?.select();
      } else setMessage(error instanceof Error ? error.message : 'The code could not be checked. Try again.');
    }
  };

  if (expired) {
    return (
      <>
        <AuthHeading title="Two-factor sign-in" />
        <FormAlert message={message} />
        <Button variant="contained" size="large" fullWidth onClick={restart}>
          Sign in again
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Two-factor sign-in">
        {mode === 'code' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'}
      </AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event: FormEvent) => void submit(event)}>
        {mode === 'code' ? (
          <CodeField
            key="code"
            ref={input}
            value={value}
            autoFocus
            error={fieldError}
            onChange={(next) => {
              setValue(next);
              setFieldError(undefined);
            }}
          />
        ) : (
          <TextInput
            key="recovery"
            ref={input}
            label="Recovery code"
            name="recoveryCode"
            autoFocus
            autoComplete="off"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setFieldError(undefined);
            }}
            error={Boolean(fieldError)}
            helperText={fieldError ?? 'Like abcde-fghij'}
            sx={{ '& input': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }}
          />
        )}
        <SubmitButton busy={busy}>Verify</SubmitButton>
      </Stack>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Link component="button" type="button" variant="body2" onClick={switchMode}>
          {mode === 'code' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={restart}>
          Cancel
        </Link>
      </Box>
    </>
  );
}

function RequiredSetupStep({ token, user, to, onCancel }: { token: string; user: SessionUser; to: string | undefined; onCancel: () => void }) {
  const { v2 } = useServices();
  const complete = useCompleteSignIn();
  // This session is not the app's yet (only the set-up routes answer it): its calls carry it, and a failure signs nobody out.
  const [client] = useState(() => new V2Client({ ...v2.options, session: { token, signOut: () => Promise.resolve() } }));

  const cancel = () => {
    // The set-up-only session ends; nothing else may use it anyway.
    void client.call(signOut, {}).catch(() => undefined);
    onCancel();
  };

  return (
    <>
      <AuthHeading title="Set up two-factor sign-in">
        {user.account} requires two-factor sign-in for everyone on its team. Set it up now to continue: it takes a minute and an authenticator app on your phone.
      </AuthHeading>
      <TwoFactorSetupFlow
        client={client}
        finishLabel="Continue to Scanbase"
        onFinished={(signedIn) => {
          handOverSecondStep(null);
          void complete({ token, user: signedIn }, to);
        }}
      />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={cancel}>
          Cancel and sign out
        </Link>
      </Typography>
    </>
  );
}
