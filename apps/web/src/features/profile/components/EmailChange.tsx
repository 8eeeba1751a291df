import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@scanbase/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { useChangeEmail } from '../hooks/useChangeEmail';

const form = z.object({ email: z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' })), currentPassword: z.string().min(1, 'Enter your current password') });
type Values = z.infer<typeof form>;

/** The sign-in email, any change waiting for its link, and the form that asks for a change. */
export function EmailChange({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: { email: '', currentPassword: '' } });
  const { message, setMessage, report } = useServerErrors(setError, ['email', 'currentPassword']);

  const onSubmit = async (values: Values) => {
    setMessage(null);
    try {
      await change.mutateAsync(values);
      setSentTo(values.email);
      setOpen(false);
      reset();
    } catch (error) {
      report(error);
    }
  };

  const pending = sentTo ?? profile.pendingEmail;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        Sign-in email
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="profile-email">
        {profile.email}
      </Typography>
      {pending ? (
        <Box sx={{ mt: 1.5 }}>
          <FormAlert
            severity="info"
            message={`We sent a confirmation link to ${pending}. Your sign-in email changes once you open it (signed in as you); until then it stays ${profile.email}.`}
          />
        </Box>
      ) : null}
      {open ? (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} sx={{ mt: 2 }}>
          <FormAlert message={message} />
          <Stack spacing={2.5}>
            <TextInput label="New email address" type="email" autoComplete="email" autoFocus {...register('email')} error={Boolean(formState.errors.email)} helperText={formState.errors.email?.message ?? 'We mail a link to this address; nothing changes until it is opened.'} />
            <PasswordField label="Current password" autoComplete="current-password" {...register('currentPassword')} error={Boolean(formState.errors.currentPassword)} helperText={formState.errors.currentPassword?.message} />
            <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end' }}>
              <Button onClick={() => setOpen(false)} disabled={formState.isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : null}>
                Send confirmation link
              </Button>
            </Box>
          </Stack>
        </Box>
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mt: 1.5 }}>
          Change email
        </Button>
      )}
    </Box>
  );
}
