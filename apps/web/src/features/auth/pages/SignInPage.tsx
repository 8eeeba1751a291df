import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from '@scanbase/contracts/auth';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { isSafeReturnPath } from '../../../session/sign-in-target';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { homeFor, useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { useServerErrors } from '../hooks/useServerErrors';
import { savePendingChoice } from '../pending-choice';

const form = signIn.body.pick({ email: true, password: true });
type Input = z.input<typeof form>;
type Output = z.output<typeof form>;

/** /signin: email and password; `to` is where to go afterwards, `company` picks the account. */
export function SignInPage() {
  const { session, v2 } = useServices();
  const navigate = useNavigate();
  const to = useQueryParam('to');
  const company = Number(useQueryParam('company'));
  const complete = useCompleteSignIn();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(form), defaultValues: { email: '', password: '' } });
  const { message, report } = useServerErrors(setError, ['email', 'password']);

  useEffect(() => {
    // Someone already signed in goes straight on; the guard there re-checks the token with the server.
    if (session.signedIn) void navigate({ href: isSafeReturnPath(to) && !to.startsWith('/signin') ? to : homeFor(session.roles[0] ?? ''), replace: true });
  }, [navigate, session, to]);

  const onSubmit = async (values: Output) => {
    try {
      const reply = await v2.call(signIn, { ...values, accountId: Number.isInteger(company) && company > 0 ? company : undefined });
      if (reply.kind === 'signed_in') {
        await complete(reply, to);
        return;
      }
      savePendingChoice({ ticket: reply.ticket, accounts: reply.accounts });
      await navigate({ href: `/select-company${to ? `?${new URLSearchParams({ to }).toString()}` : ''}` });
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title="Sign in">Welcome back. Sign in to manage your scanning services and data.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message}
        />
        <Link component={RouterLink} href="/forgotpassword" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          Forgot your password?
        </Link>
        <SubmitButton busy={formState.isSubmitting}>Sign in</SubmitButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Scanbase?{' '}
        <Link component={RouterLink} href="/registration">
          Create an account
        </Link>
        {' · '}
        <Link component={RouterLink} href="/signin-company">
          Sign in to a specific company
        </Link>
      </Typography>
    </PublicFrame>
  );
}
