import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from '@tanstack/react-router';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TaskForm } from '../components/TaskForm';
import { TaskTypeUnavailable } from '../components/TaskTypeUnavailable';
import { useTask } from '../hooks/useTask';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';
import { useUpdateTask } from '../hooks/useUpdateTask';
import { issuesOfError } from '../submit-issues';
import { taskToForm, typesWithInputForm, updateBody, type TaskFormValues } from '../task-form';
import { taskTypeLabel } from '../task-types';

/** /account/tasks/{type}/edit/{id}/: change a task's name, inputs, schedule, notifications and status. */
export function TaskEditPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const raw = Number(params.id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const task = useTask(id);
  const catalogue = useTaskCatalogue();
  const update = useUpdateTask();
  const navigate = useNavigate();

  if (id === null) return <ErrorState message="This address does not name a task. Open the task from the list of tasks." />;
  if (task.isPending || catalogue.isPending) return <LoadingState label="Loading the task…" />;
  if (task.isError) return <ErrorState message={task.error.message} onRetry={() => void task.refetch()} />;
  const info = catalogue.data?.items.find((item) => item.type === task.data.type);
  if (!typesWithInputForm.includes(task.data.type)) {
    return <TaskTypeUnavailable info={info} reason={info?.available ? 'The settings of this task type cannot be changed in the web app yet.' : undefined} />;
  }
  const type = task.data.type;

  const submit = async (form: TaskFormValues) => {
    const checked = updateBody(type, id, form);
    if (!checked.body) return checked.issues;
    try {
      await update.mutateAsync(checked.body);
      await navigate({ href: '/account/tasks/scheduled/?show=all' });
      return [];
    } catch (error) {
      return issuesOfError(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Button component={RouterLink} href="/account/tasks/scheduled/?show=all" sx={{ ml: -1, mb: 1 }}>
        ← All tasks
      </Button>
      <Typography variant="h1">{task.data.name}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {taskTypeLabel(type, catalogue.data?.items)}
        {info && !info.available ? ` · ${info.unavailableReason ?? 'cannot run yet'}` : ''}
      </Typography>
      <TaskForm key={task.data.id} type={type} mode="edit" initial={taskToForm(task.data)} onSubmit={submit} />
    </Box>
  );
}
