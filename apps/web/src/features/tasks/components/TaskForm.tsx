import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TaskType } from '@scanbase/contracts/tasks';
import { useState } from 'react';
import { placeIssues, type Issue } from '../../../ui/form-issues';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import type { LabelFormValues } from '../../barcodes/label-form';
import { taskFieldKeys, taskItemNouns, type TaskFormValues } from '../task-form';
import { inputsSection, touchedInputKeys, type InputsFormValues } from '../task-inputs';
import { FormSection } from './FormSection';
import { TaskInputs } from './inputs/TaskInputs';
import { OutputsFields } from './OutputsFields';
import { ScheduleFields } from './ScheduleFields';
import { TimeZoneField } from './TimeZoneField';

type Props = {
  type: TaskType;
  mode: 'create' | 'edit';
  initial: TaskFormValues;
  /** Saves; answers the problems to show (none when it went through). */
  onSubmit: (form: TaskFormValues) => Promise<Issue[]>;
};

const sub = (fields: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith(prefix)).map(([key, message]) => [key.slice(prefix.length), message]));

/** The create/edit form of a task: name, inputs, schedule and time zone, who is told, enabled; "run now" on create. */
export function TaskForm({ type, mode, initial, onSubmit }: Props) {
  const [form, setForm] = useState(initial);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [busy, setBusy] = useState(false);
  const placed = placeIssues(issues, taskFieldKeys, taskItemNouns);

  const change = (patch: Partial<TaskFormValues>, touched: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setIssues((current) => current.filter((issue) => !touched.some((key) => issue.path === key || issue.path.startsWith(`${key}.`))));
  };
  const changeLabels = (patch: Partial<LabelFormValues>) =>
    change(
      { labels: { ...form.labels, ...patch } },
      // Switching between a list and a range drops the messages of the side that is no longer shown.
      Object.keys(patch).flatMap((key) => (key === 'source' ? ['inputs.values', 'inputs.range'] : [`inputs.${['prefix', 'start', 'end', 'padding', 'suffix'].includes(key) ? `range.${key}` : key}`])),
    );

  const changeInputs = (patch: Partial<InputsFormValues>) =>
    change(
      { inputs: { ...form.inputs, ...patch } },
      touchedInputKeys(Object.keys(patch)).map((key) => `inputs.${key}`),
    );
  const section = inputsSection(type);

  const submit = async () => {
    setBusy(true);
    try {
      setIssues(await onSubmit(form));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormAlert message={placed.general.join(' ') || (issues.length > 0 ? 'Some fields need attention; see the messages below them.' : null)} />
      <FormSection title="Name">
        <TextField
          label="Task name"
          size="small"
          fullWidth
          value={form.name}
          onChange={(event) => change({ name: event.target.value }, ['name'])}
          error={Boolean(placed.fields.name)}
          helperText={placed.fields.name ?? `Shown in lists, logs and emails, e.g. "${section.example}"`}
          autoFocus={mode === 'create'}
        />
      </FormSection>

      <FormSection title={section.title} hint={section.hint}>
        <TaskInputs type={type} labels={form.labels} inputs={form.inputs} onLabelsChange={changeLabels} onInputsChange={changeInputs} errors={sub(placed.fields, 'inputs.')} disabled={busy} />
      </FormSection>

      <FormSection title="When it runs" hint="Runs happen in the background; you can close the page.">
        <Stack spacing={2} useFlexGap>
          <ScheduleFields
            value={form.schedule}
            onChange={(patch) => change({ schedule: { ...form.schedule, ...patch } }, Object.keys(patch).map((key) => (key === 'kind' ? 'schedule' : `schedule.${key}`)))}
            errors={placed.fields}
          />
          {form.schedule.kind !== 'manual' ? <TimeZoneField value={form.timezone} onChange={(timezone) => change({ timezone }, ['timezone'])} error={placed.fields.timezone} /> : null}
          {mode === 'create' ? (
            <FormControlLabel
              control={<Checkbox checked={form.runNow} onChange={(event) => change({ runNow: event.target.checked }, ['runNow'])} />}
              label={form.schedule.kind === 'manual' ? 'Run it now as well' : 'Also run it now, without waiting for the schedule'}
            />
          ) : null}
        </Stack>
      </FormSection>

      <FormSection title="When it ends" hint="Optional. Every run's file can also be downloaded from its progress page.">
        <OutputsFields value={form} onChange={(patch) => change(patch, Object.keys(patch).map((key) => `outputs.${key}`))} errors={placed.fields} />
      </FormSection>

      <FormSection title="Status">
        <FormControlLabel
          control={<Switch checked={form.enabled} onChange={(event) => change({ enabled: event.target.checked }, ['enabled'])} />}
          label={form.enabled ? 'Enabled: runs on its schedule' : 'Paused: runs only when you press Run now'}
        />
      </FormSection>

      <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', pb: 2 }}>
        <Button component={RouterLink} href="/account/tasks/scheduled/?show=all" disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {mode === 'create' ? (form.runNow ? 'Create and run' : 'Create task') : 'Save changes'}
        </Button>
      </Box>
      {issues.length > 0 ? (
        <Typography variant="body2" color="error" role="status" sx={{ textAlign: 'right' }}>
          Not saved yet: fix the marked fields.
        </Typography>
      ) : null}
    </Stack>
  );
}
