import { zodResolver } from '@hookform/resolvers/zod';
import { password } from '@scanbase/contracts/common';
import { resetPassword } from '@scanbase/contracts/auth';
import Stack from '@mui/material/Stack';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useServerErrors } from '../hooks/useServerErrors';

const form = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The two passwords are different' });
type Values = z.infer<typeof form>;

/** /resetpassword/{token}/: choose a new password with the mailed token. */
export function ResetPasswordPage() {
  const { v2 } = useServices();
  const navigate = useNavigate();
  const { token = '' }: { token?: string } = useParams({ strict: false });
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: { password: '', confirm: '' } });
  const { message, report } = useServerErrors(setError, ['password']);

  const onSubmit = async (values: Values) => {
    try {
      await v2.call(resetPassword, { token, password: values.password });
      await navigate({ href: '/password-reset-success', replace: true });
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title="Choose a new password">Every device signed in with your old password will be signed out.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <PasswordField label="New password" autoComplete="new-password" autoFocus {...register('password')} error={Boolean(formState.errors.password)} helperText={formState.errors.password?.message ?? 'At least 8 characters'} />
        <PasswordField label="Repeat the new password" autoComplete="new-password" {...register('confirm')} error={Boolean(formState.errors.confirm)} helperText={formState.errors.confirm?.message} />
        <SubmitButton busy={formState.isSubmitting}>Save new password</SubmitButton>
      </Stack>
    </PublicFrame>
  );
}
