import type { signIn } from '@scanbase/contracts/auth';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { preloadPublicPages } from '../../../app/page-loaders';
import { useServices } from '../../../app/useServices';
import { NETWORK_MESSAGE, V2Error } from '../../../api/v2-client';
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
import { heldSecondStep } from '../second-step';
import { checkField, checkSignIn, normalEmail, type SignInErrors, type SignInField, type SignInFields } from '../sign-in-form';

/*
 * The first page most people see, so it carries as little code as it can (docs/WEB.md, "First page"): the
 * form is checked in plain code (sign-in-form.ts) instead of react-hook-form and zod, and the `auth/signin`
 * contract, which brings zod, loads when the person starts typing rather than with the page.
 */
let contract: Promise<{ signIn: typeof signIn }> | null = null;
function loadContract(): Promise<{ signIn: typeof signIn }> {
  contract ??= import('@scanbase/contracts/auth').catch((error: unknown) => {
    contract = null;
    console.error('The sign-in code could not be loaded', error);
    throw new V2Error('NETWORK', NETWORK_MESSAGE, 0);
  });
  return contract;
}

const fieldOrder: readonly SignInField[] = ['email', 'password'];

// The second step of two-factor sign-in, loaded only when a password was right; its loader sits in the public
// pages' chunk so that its chunk list stays out of this first page's.
const TwoFactorStep = lazy(() => preloadPublicPages().then(({ twoFactorStep }) => twoFactorStep()));

/** /signin: email and password; `to` is where to go afterwards, `company` picks the account. */
export function SignInPage() {
  const { session, v2 } = useServices();
  const navigate = useNavigate();
  const to = useQueryParam('to');
  const company = Number(useQueryParam('company'));
  const complete = useCompleteSignIn();
  // The form behaves as it did with react-hook-form: checked on submit (the first field in error takes the
  // focus), then each field again as it changes; server issues land on their fields.
  const [values, setValues] = useState<SignInFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const setError: UseFormSetError<SignInFields> = (name, error) => {
    if (name === 'email' || name === 'password') setErrors((current) => ({ ...current, [name]: error.message }));
  };
  const { message, report } = useServerErrors(setError, fieldOrder);
  const [secondStep, setSecondStep] = useState(heldSecondStep);

  useEffect(() => {
    // Someone already signed in goes straight on; the guard there re-checks the token with the server.
    if (session.signedIn) void navigate({ href: isSafeReturnPath(to) && !to.startsWith('/signin') ? to : homeFor(session.roles[0] ?? ''), replace: true });
  }, [navigate, session, to]);

  const change = (field: SignInField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    // Someone typing will send the form (the contract) or may follow a link (the public pages' loaders).
    void loadContract().catch(() => undefined);
    void preloadPublicPages().catch(() => undefined);
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted) setErrors((current) => ({ ...current, [field]: checkField(field, value) }));
  };

  const send = async (fields: SignInFields) => {
    try {
      const { signIn: route } = await loadContract();
      const reply = await v2.call(route, { ...fields, accountId: Number.isInteger(company) && company > 0 ? company : undefined });
      if (reply.kind === 'signed_in') {
        await complete(reply, to);
        return;
      }
      if (reply.kind !== 'choose_account') {
        setSecondStep({ reply, to });
        return;
      }
      savePendingChoice({ ticket: reply.ticket, accounts: reply.accounts });
      await navigate({ href: `/select-company${to ? `?${new URLSearchParams({ to }).toString()}` : ''}` });
    } catch (error) {
      report(error);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const problems = checkSignIn(values);
    setErrors(problems);
    const first = fieldOrder.find((field) => problems[field] !== undefined);
    if (first) (first === 'email' ? emailInput : passwordInput).current?.focus();
    else await send({ email: normalEmail(values.email), password: values.password });
    setSubmitted(true);
    setBusy(false);
  };

  return (
    <PublicFrame>
      {secondStep ? (
        <Suspense>
          <TwoFactorStep step={secondStep} onCancel={setSecondStep} />
        </Suspense>
      ) : (
        <>
      <AuthHeading title="Sign in">Welcome back. Sign in to manage your scanning services and data.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          name="email"
          value={values.email}
          onChange={change('email')}
          ref={emailInput}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          name="password"
          value={values.password}
          onChange={change('password')}
          ref={passwordInput}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <Link component={RouterLink} href="/forgotpassword" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          Forgot your password?
        </Link>
        <SubmitButton busy={busy}>Sign in</SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} href="/signinSSO">
          Sign in with SSO or Google
        </Link>
      </Typography>
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
        </>
      )}
    </PublicFrame>
  );
}
