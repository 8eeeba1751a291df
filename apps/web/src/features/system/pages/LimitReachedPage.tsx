import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Button from '@mui/material/Button';
import { MessagePage } from '../../../ui/MessagePage';
import { RouterLink } from '../../../ui/RouterLink';

/** /limitreached/: too many requests in one minute; the session was ended. */
export function LimitReachedPage() {
  return (
    <MessagePage
      framed
      icon={<HourglassEmptyOutlined />}
      title="Too many requests"
      actions={
        <Button variant="contained" component={RouterLink} href="/signin">
          Sign in again
        </Button>
      }
    >
      This account made more requests in one minute than it is allowed, so you were signed out to protect it. Wait a minute, then sign in again. If it keeps
      happening, check for scripts or integrations calling the API in a loop.
    </MessagePage>
  );
}
