import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Task, TaskTypeInfo } from '@scanbase/contracts/tasks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { FormAlert } from '../../auth/components/FormAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { JobStateChip } from '../components/JobStateChip';
import { Pager } from '../components/Pager';
import { TasksHeader } from '../components/TasksHeader';
import { useDeleteTask } from '../hooks/useDeleteTask';
import { useListSearch } from '../hooks/useListSearch';
import { useRunTask } from '../hooks/useRunTask';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';
import { useTaskList } from '../hooks/useTaskList';
import { describeSchedule, formatDateTime } from '../schedule-form';
import { taskTypeLabel } from '../task-types';

const editHref = (task: Task) => `/account/tasks/${task.type}/edit/${task.id}/`;

function TaskRowActions({ task, onDelete, onError }: { task: Task; onDelete: (task: Task) => void; onError: (message: string) => void }) {
  const run = useRunTask();
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' }, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={run.isPending}
        onClick={() => run.mutate(task.id, { onSuccess: (reply) => void navigate({ href: `/account/tasks/progress/${reply.jobId}/` }), onError: (error) => onError(error.message) })}
        aria-label={`Run ${task.name} now`}
      >
        Run now
      </Button>
      <Button size="small" component={RouterLink} href={editHref(task)} aria-label={`Edit ${task.name}`}>
        Edit
      </Button>
      <Button size="small" color="error" onClick={() => onDelete(task)} aria-label={`Delete ${task.name}`}>
        Delete
      </Button>
    </Stack>
  );
}

function ScheduleText({ task }: { task: Task }) {
  return (
    <>
      <Typography variant="body2">{describeSchedule(task.schedule, task.timezone)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {task.timezone}
      </Typography>
    </>
  );
}

function Rows({ tasks, catalogue, timezone, onDelete, onError }: { tasks: readonly Task[]; catalogue: readonly TaskTypeInfo[] | undefined; timezone: string | undefined; onDelete: (task: Task) => void; onError: (message: string) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const name = (task: Task) => (
    <>
      <Link component={RouterLink} href={editHref(task)} sx={{ fontWeight: 600 }}>
        {task.name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {taskTypeLabel(task.type, catalogue)}
        {task.enabled ? '' : ' · paused'}
      </Typography>
    </>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {tasks.map((task) => (
          <Paper key={task.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>{name(task)}</Box>
              <JobStateChip state={task.lastState} />
            </Box>
            <Box sx={{ mt: 1 }}>
              <ScheduleText task={task} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Next run: {task.enabled ? formatDateTime(task.nextRunAt, timezone) : 'paused'}
            </Typography>
            <Box sx={{ mt: 1.5 }}>
              <TaskRowActions task={task} onDelete={onDelete} onError={onError} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Tasks">
        <TableHead>
          <TableRow>
            <TableCell>Task</TableCell>
            <TableCell>Schedule</TableCell>
            <TableCell>Next run</TableCell>
            <TableCell>Last run</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task.id} hover>
              <TableCell>{name(task)}</TableCell>
              <TableCell>
                <ScheduleText task={task} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{task.enabled ? formatDateTime(task.nextRunAt, timezone) : <Chip size="small" label="Paused" variant="outlined" />}</TableCell>
              <TableCell>
                <JobStateChip state={task.lastState} />
                {task.lastRunAt ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {formatDateTime(task.lastRunAt, timezone)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">
                <TaskRowActions task={task} onDelete={onDelete} onError={onError} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** /account/tasks/scheduled/: the account's tasks with schedule, next run and last result; run now, edit, delete. */
export function ScheduledTasksPage() {
  const { user } = useSession();
  const { search, update } = useListSearch();
  const page = Number(search.page ?? 1) || 1;
  const limit = Number(search.limit ?? 25) || 25;
  const showAll = search.show === 'all';
  const list = useTaskList({ page, limit, scheduledOnly: !showAll });
  const catalogue = useTaskCatalogue();
  const remove = useDeleteTask();
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <Box>
      <TasksHeader current="scheduled" intro="Work Scanbase does for you on a schedule or when you ask: label sheets, exports, imports and clean-ups. Each run shows its progress and keeps its file for download." />
      <FormAlert message={message} />
      <Stack direction="row" spacing={1} sx={{ mb: 2 }} role="group" aria-label="Which tasks">
        <Chip label="Scheduled" color={showAll ? 'default' : 'primary'} variant={showAll ? 'outlined' : 'filled'} onClick={() => update({ show: undefined, page: undefined })} aria-pressed={!showAll} />
        <Chip label="All, including run on demand" color={showAll ? 'primary' : 'default'} variant={showAll ? 'filled' : 'outlined'} onClick={() => update({ show: 'all', page: undefined })} aria-pressed={showAll} />
      </Stack>
      {list.isPending ? (
        <LoadingState label="Loading tasks…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={showAll ? 'No tasks yet' : 'No scheduled tasks'}
          action={
            <Button variant="contained" component={RouterLink} href="/account/tasks/new/">
              Create your first task
            </Button>
          }
        >
          {showAll
            ? 'A task makes label sheets, exports or imports for you, once or on a schedule, and emails you when it is done.'
            : 'Tasks with a schedule appear here. Tasks you only run on demand are under "All".'}
        </EmptyState>
      ) : (
        <>
          <Rows tasks={list.data.items} catalogue={catalogue.data?.items} timezone={user?.timezone} onDelete={setDeleting} onError={setMessage} />
          <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this task?"
        confirmLabel="Delete task"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onSuccess: () => setMessage(null), onError: (error) => setMessage(error.message) });
        }}
      >
        &ldquo;{deleting?.name}&rdquo; stops running. Its past runs and their files stay in the task log.
      </ConfirmDialog>
    </Box>
  );
}
