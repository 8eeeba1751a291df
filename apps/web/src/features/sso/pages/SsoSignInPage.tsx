import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { finishSso, ssoOptions, startGoogle, startSso } from '@scanbase/contracts/sso';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { AuthHeading } from '../../auth/components/AuthHeading';
import { FormAlert } from '../../auth/components/FormAlert';
import { SubmitButton } from '../../auth/components/SubmitButton';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { useSignInOrSecondStep } from '../../auth/hooks/useSignInOrSecondStep';
import { keepAppSignIn } from '../keep-app-sign-in';
import { readSsoCallback, ssoFailHref } from '../sso-callback';

type Input = z.input<typeof startSso.body>;
type Output = z.output<typeof startSso.body>;
type Choice = { accountId: number; companyName: string };

/** Finishes the sign-in the identity provider sent back (once, even when React runs the effect twice). */
function useFinish(callback: ReturnType<typeof readSsoCallback>) {
  const { v2 } = useServices();
  const navigate = useNavigate();
  const complete = useSignInOrSecondStep();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!callback || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const reply = await v2.call(finishSso, callback);
        if (reply.kind === 'failed') await navigate({ href: ssoFailHref(reply.reason, reply.detail, reply.returnTo), replace: true });
        // An app user's sign-in (scanner, portal): a full load of the page it started from, which reads the stored token.
        else if (reply.kind === 'app_signed_in') window.location.replace(await keepAppSignIn(reply));
        else await complete(reply);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : 'The sign-in could not be finished.');
      }
    })();
  }, [callback, complete, navigate, v2]);
  return problem;
}

/**
 * /signinSSO and /google-auth. Visited plainly: the work email that finds the company's identity provider, and
 * "Sign in with Google" when the server has it. Visited with `code` or `error`: the identity provider's answer,
 * finished here (a session, or /sso-fail/ with the reason).
 */
export function SsoSignInPage() {
  const { v2 } = useServices();
  const [callback] = useState(() => readSsoCallback(window.location.search));
  const problem = useFinish(callback);
  // Public pages have no query cache: the one question (is Google set up?) is asked once here.
  const [googleOn, setGoogleOn] = useState(false);
  useEffect(() => {
    if (callback) return;
    let live = true;
    v2.call(ssoOptions, {}).then((o) => live && setGoogleOn(o.google), () => undefined);
    return () => {
      live = false;
    };
  }, [callback, v2]);
  const { register, handleSubmit, setError, getValues, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(startSso.body), defaultValues: { email: '' } });
  const { message, report } = useServerErrors(setError, ['email']);
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [leaving, setLeaving] = useState(false);

  const go = (url: string) => {
    setLeaving(true);
    window.location.assign(url);
  };
  const start = async (values: Output) => {
    try {
      const reply = await v2.call(startSso, values);
      if (reply.kind === 'redirect') go(reply.url);
      else setChoices(reply.accounts);
    } catch (error) {
      report(error);
    }
  };
  const google = async () => {
    try {
      go((await v2.call(startGoogle, {})).url);
    } catch (error) {
      setLeaving(false);
      report(error);
    }
  };

  if (callback) {
    return (
      <PublicFrame>
        <AuthHeading title="Signing you in">Finishing the sign-in with your identity provider…</AuthHeading>
        <FormAlert message={problem} />
        {problem && (
          <Link component={RouterLink} href="/signinSSO">
            Start again
          </Link>
        )}
      </PublicFrame>
    );
  }

  return (
    <PublicFrame>
      <AuthHeading title="Sign in with SSO">Enter your work email: we send you to your company’s sign-in page.</AuthHeading>
      <FormAlert message={message} />
      {choices ? (
        <Stack spacing={1.5}>
          <Typography>Your address signs in to several companies. Choose one:</Typography>
          {choices.map((c) => (
            <Button key={c.accountId} variant="outlined" disabled={leaving} onClick={() => void start({ email: getValues('email').trim().toLowerCase(), accountId: c.accountId })}>
              {c.companyName}
            </Button>
          ))}
        </Stack>
      ) : (
        <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(start)(event)}>
          <TextInput label="Work email" type="email" autoComplete="email" autoFocus {...register('email')} error={Boolean(formState.errors.email)} helperText={formState.errors.email?.message} />
          <SubmitButton busy={formState.isSubmitting || leaving}>Continue</SubmitButton>
        </Stack>
      )}
      {googleOn && (
        <Box sx={{ mt: 3, display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            or
          </Typography>
          <Button variant="outlined" size="large" disabled={leaving} onClick={() => void google()}>
            Sign in with Google
          </Button>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} href="/signin">
          Sign in with your password
        </Link>
      </Typography>
    </PublicFrame>
  );
}
