import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TasksHeader } from '../components/TasksHeader';
import { useTaskList } from '../hooks/useTaskList';
import { useTaskNotifications } from '../hooks/useTaskNotifications';

function Recipients({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
        {label}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nobody
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {items.map((item) => (
            <Chip key={item} size="small" label={item} variant="outlined" />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** /account/tasks/notifications/: who is emailed (and which URL is called) when each task succeeds or fails. */
export function TaskNotificationsPage() {
  const notifications = useTaskNotifications();
  const tasks = useTaskList({ page: 1, limit: 500, scheduledOnly: false });
  const typeOf = (id: number) => tasks.data?.items.find((task) => task.id === id)?.type;
  return (
    <Box>
      <TasksHeader current="notifications" intro="Who hears about each task when it ends: emails on success and on failure, and the URL Scanbase posts the result to. Edit a task to change them." />
      {notifications.isPending ? (
        <LoadingState label="Loading notifications…" />
      ) : notifications.isError ? (
        <ErrorState message={notifications.error.message} onRetry={() => void notifications.refetch()} />
      ) : notifications.data.items.length === 0 ? (
        <EmptyState
          title="Nobody is notified yet"
          action={
            <Button variant="outlined" component={RouterLink} href="/account/tasks/scheduled/?show=all">
              Go to tasks
            </Button>
          }
        >
          Add email addresses or a postback URL to a task and they are listed here.
        </EmptyState>
      ) : (
        <Stack spacing={1.5}>
          {notifications.data.items.map((item) => {
            const type = typeOf(item.taskId);
            return (
              <Paper key={item.taskId} variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr 1fr 1fr' } }}>
                <Box>
                  {type ? (
                    <Link component={RouterLink} href={`/account/tasks/${type}/edit/${item.taskId}/`} sx={{ fontWeight: 600 }}>
                      {item.taskName}
                    </Link>
                  ) : (
                    <Typography sx={{ fontWeight: 600 }}>{item.taskName}</Typography>
                  )}
                </Box>
                <Recipients label="On success" items={item.onSuccess} />
                <Recipients label="On failure" items={item.onFailure} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
                    Postback URL
                  </Typography>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }} color={item.postbackUrl ? 'text.primary' : 'text.secondary'}>
                    {item.postbackUrl || 'None'}
                  </Typography>
                </Box>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
