import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import Button from '@mui/material/Button';
import type { TaskTypeInfo } from '@scanbase/contracts/tasks';
import { MessagePage } from '../../../ui/MessagePage';
import { RouterLink } from '../../../ui/RouterLink';

/** Said plainly on the create/edit screens of a type that cannot run on this install yet. */
export function TaskTypeUnavailable({ info, reason }: { info: TaskTypeInfo | undefined; reason?: string }) {
  return (
    <MessagePage
      icon={<LockClockOutlined />}
      title={info ? `${info.label}: not available yet` : 'This task type is not available'}
      actions={
        <Button variant="contained" component={RouterLink} href="/account/tasks/new/">
          Choose another task
        </Button>
      }
    >
      {info ? <p>{info.description}</p> : null}
      <p>{reason ?? info?.unavailableReason ?? 'Scanbase does not know this kind of task.'}</p>
    </MessagePage>
  );
}
