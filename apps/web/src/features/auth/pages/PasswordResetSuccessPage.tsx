import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Button from '@mui/material/Button';
import { MessagePage } from '../../../ui/MessagePage';
import { RouterLink } from '../../../ui/RouterLink';

/** /password-reset-success: the new password is saved. */
export function PasswordResetSuccessPage() {
  return (
    <MessagePage
      framed
      icon={<CheckCircleOutline />}
      title="Password changed"
      actions={
        <Button variant="contained" component={RouterLink} href="/signin">
          Sign in
        </Button>
      }
    >
      Your new password is saved. Sign in with it now.
    </MessagePage>
  );
}
