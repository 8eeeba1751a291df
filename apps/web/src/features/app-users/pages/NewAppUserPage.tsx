import { zodResolver } from '@hookform/resolvers/zod';
import MailOutline from '@mui/icons-material/MailOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { isEmailUsername, parseDeviceLimit, passwordProblem, usernameProblem } from '../app-user-form';
import { ServicePermissions } from '../components/ServicePermissions';
import { useCreateAppUser } from '../hooks/useCreateAppUser';

const form = z
  .object({ username: z.string(), password: z.string(), deviceLimit: z.string(), serviceIds: z.array(z.number()) })
  .superRefine((values, context) => {
    const name = usernameProblem(values.username);
    if (name) context.addIssue({ code: 'custom', path: ['username'], message: name });
    if (!isEmailUsername(values.username)) {
      const password = passwordProblem(values.password);
      if (password) context.addIssue({ code: 'custom', path: ['password'], message: password });
    }
    const limit = parseDeviceLimit(values.deviceLimit);
    if ('problem' in limit) context.addIssue({ code: 'custom', path: ['deviceLimit'], message: limit.problem });
  });
type Values = z.infer<typeof form>;

/** /account/users/new/: username (an email address gets an invitation), password, device limit and services. */
export function NewAppUserPage() {
  const navigate = useNavigate();
  const create = useCreateAppUser();
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: { username: '', password: '', deviceLimit: '', serviceIds: [] } });
  const { message, report } = useServerErrors(setError, ['username', 'password', 'deviceLimit', 'serviceIds']);
  const username = useWatch({ control, name: 'username' });
  const invite = isEmailUsername(username);

  const onSubmit = async (values: Values) => {
    const limit = parseDeviceLimit(values.deviceLimit);
    try {
      const user = await create.mutateAsync({
        username: values.username.trim(),
        ...(invite ? {} : { password: values.password }),
        deviceLimit: 'limit' in limit ? limit.limit : null,
        serviceIds: values.serviceIds,
      });
      await navigate({ href: `/account/users/${user.id}/` });
    } catch (error) {
      report(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} href="/account/users/" sx={{ ml: -1, mb: 1 }}>
        ← All users
      </Button>
      <Typography variant="h1">New user</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Someone who signs in to the scanner app to scan for your account.
      </Typography>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            Sign-in
          </Typography>
          <Stack spacing={2.5}>
            <TextInput
              label="Username or email address"
              autoFocus
              autoComplete="off"
              {...register('username')}
              error={Boolean(formState.errors.username)}
              helperText={formState.errors.username?.message ?? 'A name like "gate-1", or the person\u2019s email address. Usernames are unique across Scanbase.'}
            />
            {invite ? (
              <Box role="status" sx={{ display: 'flex', gap: 1.5, p: 2, borderRadius: 2, bgcolor: 'custom.appBackground', color: '#0d47a1' }}>
                <MailOutline />
                <Typography variant="body2">
                  We will email an invitation to this address. The person chooses their own password with the link in it, then signs in to the scanner app with this
                  email address. No password is needed here.
                </Typography>
              </Box>
            ) : (
              <PasswordField
                label="Password"
                autoComplete="new-password"
                {...register('password')}
                error={Boolean(formState.errors.password)}
                helperText={formState.errors.password?.message ?? 'At least 4 characters. Tell it to the user yourself; it is not emailed.'}
              />
            )}
            <TextInput
              label="Device limit (optional)"
              inputMode="numeric"
              {...register('deviceLimit')}
              error={Boolean(formState.errors.deviceLimit)}
              helperText={formState.errors.deviceLimit?.message ?? 'On how many phones or scanners this user may sign in at once. Empty: no limit.'}
              sx={{ maxWidth: 280 }}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3">Services</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            The services this user may scan with. You can change this later.
          </Typography>
          <Controller control={control} name="serviceIds" render={({ field }) => <ServicePermissions selected={field.value} onChange={field.onChange} disabled={formState.isSubmitting} />} />
        </Paper>
        <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', pb: 2 }}>
          <Button component={RouterLink} href="/account/users/" disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
            {invite ? 'Create and send invitation' : 'Create user'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
