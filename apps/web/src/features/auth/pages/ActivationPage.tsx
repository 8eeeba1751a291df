import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { AuthHeading } from '../components/AuthHeading';
import { FormAlert } from '../components/FormAlert';
import { useActivation } from '../hooks/useActivation';
import { useSignInOrSecondStep } from '../hooks/useSignInOrSecondStep';

/** /activation/{token}/: confirms the email address from the mailed link and signs the person in. */
export function ActivationPage() {
  const { token = '' }: { token?: string } = useParams({ strict: false });
  const complete = useSignInOrSecondStep();
  const activation = useActivation(token);

  useEffect(() => {
    if (activation.reply) void complete(activation.reply, '/account/firstlogin/');
  }, [activation.reply, complete]);

  return (
    <PublicFrame>
      {activation.error ? (
        <>
          <AuthHeading title="This link did not work" />
          <FormAlert message={activation.error.message} />
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Verification links work once and expire. If you already activated your account, sign in; otherwise ask for a new link.
          </Typography>
          <Stack spacing={1.5}>
            <Button variant="contained" component={RouterLink} href="/signin">
              Sign in
            </Button>
            <Button variant="outlined" component={RouterLink} href="/verify-email">
              Send a new link
            </Button>
          </Stack>
        </>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
          <CircularProgress />
          <Typography>Activating your account…</Typography>
        </Stack>
      )}
    </PublicFrame>
  );
}
