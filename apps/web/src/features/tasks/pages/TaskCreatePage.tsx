import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { readLabelPrefill } from '../../barcodes/label-form';
import { TaskForm } from '../components/TaskForm';
import { TaskTypeUnavailable } from '../components/TaskTypeUnavailable';
import { useCreateTask } from '../hooks/useCreateTask';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';
import { useTaskTypeFromRoute } from '../hooks/useTaskTypeFromRoute';
import { exportScanForm } from '../export-scan-inputs';
import { issuesOfError } from '../submit-issues';
import { createBody, newTaskForm, typesWithInputForm, type TaskFormValues } from '../task-form';

/** /account/tasks/{type}/create/: a new task of this type (labels prefilled when coming from the label screen, an XLSX export of one service with `prefill=service:<id>`). */
export function TaskCreatePage() {
  const type = useTaskTypeFromRoute();
  const { user } = useSession();
  const prefill = useQueryParam('prefill');
  const catalogue = useTaskCatalogue();
  const create = useCreateTask();
  const navigate = useNavigate();
  const [initial] = useState<TaskFormValues>(() => {
    const form = newTaskForm(user?.timezone || 'UTC', (prefill === 'labels' ? readLabelPrefill() : null) ?? undefined, type ?? undefined);
    // `prefill=service:<id>` (a scan-to-excel sheet's "schedule" link): an XLSX export of that service's scans.
    const service = /^service:(\d+)$/.exec(prefill ?? '');
    return service && type === 'exportscan' ? { ...form, inputs: exportScanForm(form.inputs, { filters: { serviceIds: [Number(service[1])] }, format: 'xlsx' }) } : form;
  });

  if (catalogue.isPending) return <LoadingState />;
  if (catalogue.isError) return <ErrorState message={catalogue.error.message} onRetry={() => void catalogue.refetch()} />;
  const info = catalogue.data.items.find((item) => item.type === type);
  if (!type || !info || !info.available) return <TaskTypeUnavailable info={info} />;
  if (!typesWithInputForm.includes(type)) return <TaskTypeUnavailable info={info} reason="This task type runs on this install, but its settings cannot be chosen in the web app yet." />;

  const submit = async (form: TaskFormValues) => {
    const checked = createBody(type, form);
    if (!checked.body) return checked.issues;
    try {
      const reply = await create.mutateAsync(checked.body);
      await navigate({ href: reply.jobId !== null ? `/account/tasks/progress/${reply.jobId}/` : '/account/tasks/scheduled/?show=all' });
      return [];
    } catch (error) {
      return issuesOfError(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Button component={RouterLink} href="/account/tasks/new/" sx={{ ml: -1, mb: 1 }}>
        ← Task types
      </Button>
      <Typography variant="h1">New task: {info.label}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {info.description}
      </Typography>
      <TaskForm type={type} mode="create" initial={initial} onSubmit={submit} />
    </Box>
  );
}
