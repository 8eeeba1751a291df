import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { RouterLink } from '../../../ui/RouterLink';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** /account/changepassword/ (owner): current and new password with a strength meter; the other sessions are signed out. */
export function ChangePasswordPage() {
  const { user } = useSession();
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Button component={RouterLink} href="/account/userprofile/" sx={{ ml: -1, mb: 1 }}>
        ← Your profile
      </Button>
      <Typography variant="h1">Change password</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Every other browser signed in with your login is signed out; this one stays signed in.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ChangePasswordForm userInputs={[user?.name ?? '', user?.username ?? '', user?.account ?? '', 'scanbase']} />
      </Paper>
    </Box>
  );
}
