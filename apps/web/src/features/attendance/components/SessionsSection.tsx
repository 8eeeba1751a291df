import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AttendanceSession } from '@scanbase/contracts/attendance';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { describeRepeat } from '../attendance-format';
import { useAttendanceSessions } from '../hooks/useAttendanceSessions';
import { useDeleteAttendanceSession } from '../hooks/useDeleteAttendanceSession';
import { SessionDialog } from './SessionDialog';

/** The Sessions section: the instance's sessions with their next occurrence; add, edit, delete. */
export function SessionsSection({ instanceId }: { instanceId: number }) {
  const sessions = useAttendanceSessions(instanceId);
  const remove = useDeleteAttendanceSession(instanceId);
  const [editing, setEditing] = useState<AttendanceSession | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AttendanceSession | null>(null);
  const timeZone = sessions.data?.timeZone;
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
      New session
    </Button>
  );
  let body;
  if (sessions.isPending) body = <LoadingState label="Loading sessions…" />;
  else if (sessions.isError) body = <ErrorState message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  else if (sessions.data.items.length === 0)
    body = (
      <EmptyState title="No sessions yet" action={addButton}>
        Add a class, training or shift: once, or every week on the days you choose. Scans count only during a session.
      </EmptyState>
    );
  else
    body = (
      <Paper variant="outlined">
        <List disablePadding aria-label="Sessions">
          {sessions.data.items.map((s, i) => (
            <ListItem key={s.id} divider={i < sessions.data.items.length - 1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ minWidth: 220, flex: '1 1 300px' }}
                primary={<Typography component="span" sx={{ fontWeight: 600 }}>{s.name}</Typography>}
                secondary={
                  <>
                    {describeRepeat(s)} · {s.startTime}–{s.endTime} · late after {s.lateAfterMinutes} min{s.place ? ` · ${s.place}` : ''}
                    <br />
                    {s.next ? `Next: ${s.next.date} at ${s.next.startTime}` : 'No occurrence left'}
                  </>
                }
              />
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="outlined" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                  Delete
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography color="text.secondary">Dates and times are in the account time zone{timeZone ? ` (${timeZone})` : ''}.</Typography>
        {sessions.data && sessions.data.items.length > 0 ? addButton : null}
      </Stack>
      {remove.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {remove.error.message}
        </Alert>
      ) : null}
      {body}
      {editing !== null ? <SessionDialog instanceId={instanceId} session={editing === 'new' ? null : editing} timeZone={timeZone} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'session'}?`}
        confirmLabel="Delete session"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        Its registers (every mark taken in it) go too. The scans stay searchable.
      </ConfirmDialog>
    </Box>
  );
}
