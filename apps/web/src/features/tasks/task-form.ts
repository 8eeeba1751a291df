import { createTask, updateTask, type Task, type TaskType } from '@scanbase/contracts/tasks';
import type { z } from 'zod';
import { zodIssues, type Issue } from '../../ui/form-issues';
import { checkLabelForm, defaultLabelForm, labelFieldKeys, labelFormFromInputs, type LabelFormValues } from '../barcodes/label-form';
import { defaultScheduleForm, scheduleFromForm, scheduleToForm, type ScheduleFormValues } from './schedule-form';
import { checkInputs, defaultInputsForm, destructiveTypes, inputFieldKeys, inputsFormFromTask, type InputsFormValues } from './task-inputs';

export { typesWithInputForm } from './task-inputs';

/** Everything the create and edit screens hold. */
export type TaskFormValues = {
  name: string;
  schedule: ScheduleFormValues;
  timezone: string;
  runNow: boolean;
  enabled: boolean;
  notifyOnSuccess: string;
  notifyOnFailure: string;
  postbackUrl: string;
  /** generatebarcode's inputs. */
  labels: LabelFormValues;
  /** Every other type's inputs (task-inputs.ts). */
  inputs: InputsFormValues;
};

export type CreateTaskBody = z.output<typeof createTask.body>;
export type UpdateTaskBody = z.output<typeof updateTask.body>;

/** Field keys of the task form, as the server's VALIDATION_FAILED paths name them. */
export const taskFieldKeys = [
  'name',
  'schedule.at',
  'schedule.minute',
  'schedule.time',
  'schedule.weekday',
  'schedule.day',
  'schedule.expression',
  'schedule',
  'timezone',
  'outputs.notifyOnSuccess',
  'outputs.notifyOnFailure',
  'outputs.postbackUrl',
  'enabled',
  ...labelFieldKeys.map((key) => `inputs.${key}`),
  ...inputFieldKeys.map((key) => `inputs.${key}`),
] as const;

export const taskItemNouns: Record<string, string> = { 'outputs.notifyOnSuccess': 'Address', 'outputs.notifyOnFailure': 'Address', 'inputs.values': 'Line', 'inputs.serviceIds': 'Service' };

/** A new task's form: runs daily at 06:00 in the admin's time zone, first run now (not for a task that deletes), the type's default inputs. */
export function newTaskForm(timezone: string, labels: LabelFormValues = defaultLabelForm, type?: TaskType): TaskFormValues {
  // A task that deletes data does not run at once unless asked to.
  const runNow = !(type !== undefined && destructiveTypes.includes(type));
  return { name: '', schedule: defaultScheduleForm, timezone, runNow, enabled: true, notifyOnSuccess: '', notifyOnFailure: '', postbackUrl: '', labels, inputs: defaultInputsForm(type) };
}

/** The form of a stored task. */
export function taskToForm(task: Task): TaskFormValues {
  return {
    name: task.name,
    schedule: scheduleToForm(task.schedule, task.timezone),
    timezone: task.timezone,
    runNow: false,
    enabled: task.enabled,
    notifyOnSuccess: task.outputs.notifyOnSuccess.join('\n'),
    notifyOnFailure: task.outputs.notifyOnFailure.join('\n'),
    postbackUrl: task.outputs.postbackUrl,
    labels: task.type === 'generatebarcode' ? labelFormFromInputs(task.inputs) : defaultLabelForm,
    inputs: inputsFormFromTask(task.type, task.inputs),
  };
}

/** Addresses typed one per line, or separated by commas or spaces. */
export function emailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

type Checked<T> = { body: T; issues: [] } | { body: null; issues: Issue[] };

const underInputs = (issues: Issue[]): Issue[] => issues.map((issue) => ({ ...issue, path: `inputs.${issue.path}` }));

function inputsOf(type: TaskType, form: TaskFormValues): { inputs: Record<string, unknown>; issues: Issue[] } {
  if (type !== 'generatebarcode') {
    const checked = checkInputs(type, form.inputs);
    return { inputs: checked.inputs, issues: underInputs(checked.issues) };
  }
  const checked = checkLabelForm(form.labels);
  if (!checked.body) return { inputs: {}, issues: underInputs(checked.issues) };
  return { inputs: checked.body, issues: [] };
}

function common(type: TaskType, form: TaskFormValues) {
  const { inputs, issues } = inputsOf(type, form);
  return {
    issues,
    raw: {
      name: form.name,
      schedule: scheduleFromForm(form.schedule, form.timezone),
      timezone: form.timezone,
      inputs,
      outputs: { notifyOnSuccess: emailList(form.notifyOnSuccess), notifyOnFailure: emailList(form.notifyOnFailure), postbackUrl: form.postbackUrl.trim() },
      enabled: form.enabled,
    },
  };
}

/** The `tasks/create` body, checked with the contract's schema (and the type's input schema). */
export function createBody(type: TaskType, form: TaskFormValues): Checked<CreateTaskBody> {
  const { raw, issues } = common(type, form);
  const body = { ...raw, type, runNow: form.runNow };
  const parsed = createTask.body.safeParse(body);
  if (parsed.success && issues.length === 0) return { body: parsed.data, issues: [] };
  return { body: null, issues: [...(parsed.success ? [] : zodIssues(parsed.error.issues)), ...issues] };
}

/** The `tasks/update` body of a task, checked the same way. */
export function updateBody(type: TaskType, id: number, form: TaskFormValues): Checked<UpdateTaskBody> {
  const { raw, issues } = common(type, form);
  const body = { ...raw, id };
  const parsed = updateTask.body.safeParse(body);
  if (parsed.success && issues.length === 0) return { body: parsed.data, issues: [] };
  return { body: null, issues: [...(parsed.success ? [] : zodIssues(parsed.error.issues)), ...issues] };
}
