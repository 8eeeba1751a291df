import BuildOutlined from '@mui/icons-material/BuildOutlined';
import Button from '@mui/material/Button';
import { MessagePage } from '../../../ui/MessagePage';
import { RouterLink } from '../../../ui/RouterLink';

/** /maintenance/ (app.maintenance): the server answered that it is down for maintenance. */
export function MaintenancePage() {
  return (
    <MessagePage
      framed
      icon={<BuildOutlined />}
      title="Scanbase is down for maintenance"
      actions={
        <>
          <Button variant="contained" onClick={() => window.history.back()}>
            Try again
          </Button>
          <Button variant="outlined" component={RouterLink} href="/signin">
            Go to sign in
          </Button>
        </>
      }
    >
      Your administrator is updating this installation. Your data is safe, and scanner apps keep their scans until they can send them. Try again in a few
      minutes.
    </MessagePage>
  );
}
