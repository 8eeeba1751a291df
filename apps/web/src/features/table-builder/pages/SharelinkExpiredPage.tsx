import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import { MessagePage } from '../../../ui/MessagePage';

/** /share-link-expired: where an expired or revoked share link lands. */
export function SharelinkExpiredPage() {
  return (
    <MessagePage framed icon={<TimerOffOutlined />} title="This link has expired">
      The share link you opened has expired or was turned off by the people who shared it. Ask them for a new link.
    </MessagePage>
  );
}
