import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useSession } from '../../../session/useSession';
import { MessagePage } from '../../../ui/MessagePage';
import { RouterLink } from '../../../ui/RouterLink';

/** /unauthorized: signed in, but the role or privileges do not cover the page asked for. */
export function UnauthorizedPage() {
  const { session, user } = useSession();
  const role = session.roles[0];
  return (
    <MessagePage
      icon={<LockOutlined />}
      title="You don't have access to this page"
      actions={
        <>
          <Button variant="contained" onClick={() => window.history.back()}>
            Go back
          </Button>
          <Button variant="outlined" component={RouterLink} href="/account/userprofile/">
            Your profile
          </Button>
        </>
      }
    >
      {user?.account ? `In ${user.account}, your` : 'Your'} role{role ? ` (${role.replace(/_/g, ' ')})` : ''} does not include this page. If you need it, ask the account owner to change
      your role or privileges.
    </MessagePage>
  );
}
