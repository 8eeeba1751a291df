import { zodResolver } from '@hookform/resolvers/zod';
import { signUp } from '@scanbase/contracts/auth';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { V2Error } from '../../../api/v2-client';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useServerErrors } from '../hooks/useServerErrors';

type Input = z.input<typeof signUp.body>;
type Output = z.output<typeof signUp.body>;

/** /registration: create a company account; the verification link goes to the email address. */
export function RegistrationPage() {
  const { v2 } = useServices();
  const navigate = useNavigate();
  // Coming back from /confirm-multi-account: the person chose another company for an email that already signs in.
  const confirmMultiAccount = useQueryParam('multi') === '1';
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(signUp.body),
    defaultValues: { companyName: '', name: '', email: useQueryParam('email') ?? '', password: '', confirmMultiAccount },
  });
  const { message, report } = useServerErrors(setError, ['companyName', 'name', 'email', 'password']);

  const onSubmit = async (values: Output) => {
    try {
      await v2.call(signUp, { ...values, confirmMultiAccount });
      await navigate({ href: `/verify-email?${new URLSearchParams({ email: values.email }).toString()}` });
    } catch (error) {
      if (error instanceof V2Error && error.code === 'CONFLICT') {
        await navigate({ href: `/confirm-multi-account?${new URLSearchParams({ email: values.email }).toString()}` });
        return;
      }
      report(error);
    }
  };

  const field = (name: keyof Input) => ({ ...register(name), error: Boolean(formState.errors[name]), helperText: formState.errors[name]?.message });

  return (
    <PublicFrame>
      <AuthHeading title={confirmMultiAccount ? 'Add another company' : 'Create your account'}>
        {confirmMultiAccount
          ? 'This email already signs in to Scanbase. The new company gets its own data; when you sign in you choose which company to open.'
          : 'Set up Scanbase for your company. You will confirm your email address next.'}
      </AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Company name" autoComplete="organization" autoFocus {...field('companyName')} />
        <TextInput label="Your name" autoComplete="name" {...field('name')} />
        <TextInput label="Work email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} helperText={formState.errors.password?.message ?? 'At least 8 characters'} />
        <SubmitButton busy={formState.isSubmitting}>Create account</SubmitButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} href="/signin">
          Sign in
        </Link>
      </Typography>
    </PublicFrame>
  );
}
