import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { useChangePassword } from '../hooks/useChangePassword';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const form = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password'), newPassword: z.string().min(8, 'Use at least 8 characters').max(200, 'A password has at most 200 characters'), repeat: z.string() })
  .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: 'The two new passwords differ' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });
type Values = z.infer<typeof form>;

/** Current password, new password with a strength meter, and the repeat; on success the other sessions are signed out. */
export function ChangePasswordForm({ userInputs }: { userInputs: string[] }) {
  const change = useChangePassword();
  const meterId = useId();
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, reset, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: { currentPassword: '', newPassword: '', repeat: '' } });
  const { message, setMessage, report } = useServerErrors(setError, ['currentPassword', 'newPassword']);
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = async (values: Values) => {
    setDone(null);
    setMessage(null);
    try {
      const result = await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset();
      setDone(
        result.signedOut === 0
          ? 'Your password was changed.'
          : `Your password was changed, and ${result.signedOut === 1 ? 'one other session was' : `${result.signedOut} other sessions were`} signed out.`,
      );
    } catch (error) {
      report(error);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <FormAlert message={message} />
      <FormAlert message={done} severity="success" />
      <Stack spacing={2.5}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...register('currentPassword')}
          error={Boolean(formState.errors.currentPassword)}
          helperText={formState.errors.currentPassword?.message}
        />
        <Stack spacing={1}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...register('newPassword')}
            error={Boolean(formState.errors.newPassword)}
            helperText={formState.errors.newPassword?.message ?? 'At least 8 characters. A few unrelated words make a strong password.'}
          />
          <PasswordStrengthMeter password={newPassword} userInputs={userInputs} id={meterId} />
        </Stack>
        <PasswordField label="New password again" autoComplete="new-password" {...register('repeat')} error={Boolean(formState.errors.repeat)} helperText={formState.errors.repeat?.message} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : null} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Change password
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
