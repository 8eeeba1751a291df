import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInvite } from '@scanbase/contracts/auth';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import { useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import Typography from '@mui/material/Typography';
import { AppUserInviteForm } from '../components/AppUserInviteForm';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { useSignInOrSecondStep } from '../hooks/useSignInOrSecondStep';
import { useServerErrors } from '../hooks/useServerErrors';

const form = acceptInvite.body.pick({ name: true, password: true });
type Input = z.input<typeof form>;
type Output = z.output<typeof form>;

/** /user/confirmemail/{role?}/{token}/: an invited team member sets a name and password and is signed in; an invited app user (role `appuser`) sets a scanner password. */
export function AcceptInvitePage() {
  const { token = '', role }: { token?: string; role?: string } = useParams({ strict: false });
  if (role === 'appuser') {
    return (
      <PublicFrame>
        <AppUserInviteForm token={token} />
      </PublicFrame>
    );
  }
  return <TeamInviteForm token={token} />;
}

function TeamInviteForm({ token }: { token: string }) {
  const { v2 } = useServices();
  const complete = useSignInOrSecondStep();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(form), defaultValues: { name: '', password: '' } });
  const { message, report } = useServerErrors(setError, ['name', 'password']);

  const onSubmit = async (values: Output) => {
    try {
      await complete(await v2.call(acceptInvite, { token, ...values }), '/account/firstlogin/');
    } catch (error) {
      report(error);
    }
  };

  return (
    <PublicFrame>
      <AuthHeading title="Join your team on Scanbase">You were invited to help manage a Scanbase account. Choose your name and a password to finish.</AuthHeading>
      <FormAlert message={message} />
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Your name" autoComplete="name" autoFocus {...register('name')} error={Boolean(formState.errors.name)} helperText={formState.errors.name?.message} />
        <PasswordField label="Password" autoComplete="new-password" {...register('password')} error={Boolean(formState.errors.password)} helperText={formState.errors.password?.message ?? 'At least 8 characters'} />
        <SubmitButton busy={formState.isSubmitting}>Join the team</SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Does your company sign in with single sign-on? <RouterLink href="/signinSSO">Sign in with SSO</RouterLink> instead: no password needed.
      </Typography>
    </PublicFrame>
  );
}
