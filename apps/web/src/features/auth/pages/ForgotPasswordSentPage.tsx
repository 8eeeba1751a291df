import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';

/** /forgotpassword/reset: tells the person to look for the reset link. */
export function ForgotPasswordSentPage() {
  const email = useQueryParam('email');
  return (
    <PublicFrame>
      <AuthHeading title="Check your email">
        If an account uses {email ? <strong>{email}</strong> : 'that address'}, a link to choose a new password is on its way.
      </AuthHeading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The link works once. If nothing arrives within a few minutes, check your spam folder or ask again.
      </Typography>
      <Button variant="contained" fullWidth component={RouterLink} href="/signin">
        Back to sign in
      </Button>
      <Button fullWidth sx={{ mt: 1 }} component={RouterLink} href="/forgotpassword">
        Send another link
      </Button>
    </PublicFrame>
  );
}
