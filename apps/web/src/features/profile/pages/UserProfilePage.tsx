import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { FormAlert } from '../../auth/components/FormAlert';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { EmailChange } from '../components/EmailChange';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';
import { SessionsList } from '../components/SessionsList';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { useConfirmEmail } from '../hooks/useConfirmEmail';
import { useProfile } from '../hooks/useProfile';

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3">{title}</Typography>
      {intro ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}

/** /account/userprofile/: name, email (changed through a mailed link), time zone, password for team members, and the sessions of this login. */
export function UserProfilePage() {
  const profile = useProfile();
  const token = useQueryParam('confirmEmail');
  const confirmation = useConfirmEmail(token);
  const navigate = useNavigate();
  // The link's token works once: take it out of the address (history, reloads) once it has been spent.
  const spent = token !== undefined && (confirmation.status === 'done' || confirmation.status === 'failed');
  useEffect(() => {
    if (spent) void navigate({ href: '/account/userprofile/', replace: true });
  }, [spent, navigate]);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1">Your profile</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        How you sign in to Scanbase, and where you are signed in.
      </Typography>
      {confirmation.status === 'working' ? <LoadingState label="Confirming your new email…" /> : null}
      {confirmation.status === 'done' ? <FormAlert severity="success" message={`Your sign-in email is now ${confirmation.email}.`} /> : null}
      {confirmation.status === 'failed' ? <FormAlert message={confirmation.message} /> : null}
      {profile.isPending ? <LoadingState label="Loading your profile…" /> : null}
      {profile.isError ? <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? (
        <Stack spacing={2.5} sx={{ pb: 2 }}>
          <Section title="Details">
            <ProfileDetailsForm profile={profile.data} />
          </Section>
          <Section title="Email">
            <EmailChange profile={profile.data} />
          </Section>
          <Section title="Password" intro={profile.data.kind === 'member' ? 'Changing it signs out your other sessions.' : undefined}>
            {profile.data.kind === 'member' ? (
              <ChangePasswordForm userInputs={[profile.data.name, profile.data.email]} />
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  As the account owner you change your password on its own page.
                </Typography>
                <Button variant="outlined" component={RouterLink} href="/account/changepassword/">
                  Change password
                </Button>
              </Box>
            )}
          </Section>
          <Section title="Two-factor sign-in" intro="A code from an authenticator app on your phone, asked for after your password when you sign in.">
            <TwoFactorSection email={profile.data.email} />
          </Section>
          <Section title="Where you are signed in" intro="Each browser signed in with your login. Sign out any you do not recognise, then change your password.">
            <SessionsList />
          </Section>
        </Stack>
      ) : null}
    </Box>
  );
}
