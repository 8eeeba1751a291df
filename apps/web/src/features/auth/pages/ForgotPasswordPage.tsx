import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPassword } from '@scanbase/contracts/auth';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { useServerErrors } from '../hooks/useServerErrors';

type Input = z.input<typeof forgotPassword.body>;
type Output = z.output<typeof forgotPassword.body>;

/** /forgotpassword: asks for the email address and mails a reset link. */
export function ForgotPasswordPage() {
  const { v2 } = useServices();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(forgotPassword.body), defaultValues: { email: '' } });
  const { message, report } = useServerErrors(setError, ['email']);

  const onSubmit = async (values: Output) => {
    try {
      await v2.call(forgotPassword, values);
      await navigate({ href: `/forgotpassword/reset?${new URLSearchParams({ email: values.email }).toString()}` });
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title="Reset your password">Enter the email address you sign in with. We will send you a link to choose a new password.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Email" type="email" autoComplete="email" autoFocus {...register('email')} error={Boolean(formState.errors.email)} helperText={formState.errors.email?.message} />
        <SubmitButton busy={formState.isSubmitting}>Send reset link</SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} href="/signin">
          Back to sign in
        </Link>
      </Typography>
    </PublicFrame>
  );
}
