import { describe, expect, it } from 'vitest';
import { placeIssues } from '../../ui/form-issues';
import { createBody, newTaskForm, taskFieldKeys, taskItemNouns, taskToForm } from './task-form';
import { checkInputs, columnName, defaultInputsForm, inputsFormFromTask, touchedInputKeys, typesWithInputForm, type InputsFormValues } from './task-inputs';
import type { Task, TaskType } from '@scanbase/contracts/tasks';
import { exportIssuePath, keptFilterNames, keptRange } from './export-scan-inputs';

const messages = (type: TaskType, patch: Partial<InputsFormValues>) => Object.fromEntries(checkInputs(type, { ...defaultInputsForm(type), ...patch }).issues.map((issue) => [issue.path, issue.message]));

const storedTask = (type: TaskType, inputs: Record<string, unknown>): Task => ({
  id: 7,
  type,
  name: 'Stored',
  schedule: { kind: 'manual' },
  timezone: 'UTC',
  inputs,
  outputs: { notifyOnSuccess: [], notifyOnFailure: [], postbackUrl: '' },
  enabled: true,
  nextRunAt: null,
  lastRunAt: null,
  lastState: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('task inputs: defaults', () => {
  it('has a form for every type that runs today, not for table builder', () => {
    expect([...typesWithInputForm].sort()).toEqual(['bulkscanremoval', 'clearDatabase', 'downloadcheckinout', 'downloaddatabase', 'downloaddevices', 'downloadscan', 'exportscan', 'exportuser', 'generatebarcode', 'importcheckinoutscans', 'importdatabase', 'importuser', 'postback'].sort());
  });

  it('builds and reads the check in/out inputs', () => {
    const form = { ...defaultInputsForm('downloadcheckinout'), instanceId: '7', what: 'movements' as const, periodKind: 'range' as const, periodFrom: '2026-01-01', periodTo: '2026-01-31', format: 'xlsx' as const };
    const checked = checkInputs('downloadcheckinout', form);
    expect(checked).toEqual({ inputs: { serviceId: 7, what: 'movements', period: { kind: 'range', from: '2026-01-01', to: '2026-01-31' }, format: 'xlsx' }, issues: [] });
    expect(inputsFormFromTask('downloadcheckinout', checked.inputs)).toMatchObject({ instanceId: '7', what: 'movements', periodKind: 'range', periodFrom: '2026-01-01', periodTo: '2026-01-31', format: 'xlsx' });
    expect(checkInputs('downloadcheckinout', { ...form, instanceId: '', periodTo: '' }).issues).toEqual([{ path: 'serviceId', message: 'Choose a check in/out service' }, { path: 'period.to', message: 'Choose the last day' }]);
    const imp = checkInputs('importcheckinoutscans', { ...defaultInputsForm('importcheckinoutscans'), instanceId: '7', file: { fileId: `${'a'.repeat(24)}.csv`, name: 'moves.csv', size: 10 } });
    expect(imp).toEqual({ inputs: { serviceId: 7, fileId: `${'a'.repeat(24)}.csv`, fileName: 'moves.csv', hasHeader: true }, issues: [] });
    expect(checkInputs('importcheckinoutscans', { ...defaultInputsForm('importcheckinoutscans'), instanceId: '7' }).issues).toEqual([{ path: 'fileId', message: 'Choose the CSV or XLSX file to import' }]);
  });

  it('starts from the schemas’ defaults for each type', () => {
    expect(defaultInputsForm('importuser')).toMatchObject({ source: 'file', hasHeader: true, onError: 'abort', userColumns: { username: '0', password: '1', deviceLimit: '2', services: '3' } });
    expect(defaultInputsForm('importdatabase')).toMatchObject({ source: 'file', hasHeader: false, onError: 'skip', trimValue: true, layout: 'standard' });
    expect(defaultInputsForm('postback').periodKind).toBe('sinceLastRun');
    expect(defaultInputsForm('downloadscan')).toMatchObject({ periodKind: 'all', format: 'csv', serviceIds: [], results: ['valid', 'invalid', 'notValidated'] });
    expect(defaultInputsForm('bulkscanremoval').olderThanDays).toBe('90');
    expect(newTaskForm('UTC', undefined, 'clearDatabase').inputs.databaseId).toBe('');
  });

  it('sends no inputs for the device and app-user exports, and all-services / all-results filters as empty lists', () => {
    expect(checkInputs('downloaddevices', defaultInputsForm())).toEqual({ inputs: {}, issues: [] });
    expect(checkInputs('exportuser', defaultInputsForm())).toEqual({ inputs: {}, issues: [] });
    expect(checkInputs('downloadscan', defaultInputsForm('downloadscan')).inputs).toEqual({ serviceIds: [], result: [], period: { kind: 'all' }, format: 'csv' });
    expect(checkInputs('bulkscanremoval', defaultInputsForm('bulkscanremoval')).inputs).toEqual({ serviceIds: [], result: [], olderThanDays: 90 });
  });
});

describe('task inputs: round trip of stored inputs', () => {
  const cases: [TaskType, Record<string, unknown>][] = [
    ['downloaddatabase', { databaseId: 12 }],
    ['clearDatabase', { databaseId: 3 }],
    ['importdatabase', { databaseId: 4, fileId: 'abcdefabcdefabcdefabcdef.csv', fileName: 'tickets.csv', trimValue: false, hasHeader: true, onError: 'abort', columns: { value: 2, response: null, validity: 0 } }],
    ['importdatabase', { databaseId: 4, url: 'https://example.com/values.xlsx', trimValue: true, hasHeader: false, onError: 'skip' }],
    ['importuser', { url: 'https://example.com/users.csv', hasHeader: false, columns: { username: 1, password: null, deviceLimit: 0, services: null }, onError: 'skip' }],
    ['downloadscan', { serviceIds: [5, 9], result: ['invalid'], period: { kind: 'last', metric: 'week', number: 2 }, format: 'xlsx' }],
    ['bulkscanremoval', { serviceIds: [], result: ['valid', 'notValidated'], olderThanDays: 30 }],
    ['postback', { serviceIds: [1], url: 'https://example.com/hook', period: { kind: 'sinceLastRun' } }],
  ];
  it.each(cases)('%s: stored inputs load into the fields and come back unchanged', (type, inputs) => {
    const form = taskToForm(storedTask(type, inputs)).inputs;
    const checked = checkInputs(type, form);
    expect(checked.issues).toEqual([]);
    expect(checked.inputs).toEqual(inputs);
  });

  it('shows what the fields hold on the edit screen', () => {
    const form = inputsFormFromTask('importdatabase', cases[2]?.[1] ?? {});
    expect(form).toMatchObject({ databaseId: '4', source: 'file', file: { fileId: 'abcdefabcdefabcdefabcdef.csv', name: 'tickets.csv', size: null }, layout: 'columns', databaseColumns: { value: '2', response: '', validity: '0' } });
    expect(inputsFormFromTask('downloadscan', cases[5]?.[1] ?? {})).toMatchObject({ serviceIds: [5, 9], results: ['invalid'], periodKind: 'last', periodNumber: '2', periodMetric: 'week', format: 'xlsx' });
  });

  it('keeps the defaults for stored inputs it does not understand', () => {
    expect(inputsFormFromTask('downloadscan', { period: { kind: 'someday' }, format: 'pdf', result: 'valid' })).toEqual(defaultInputsForm('downloadscan'));
  });
});

describe('task inputs: messages', () => {
  it('asks for a database', () => {
    expect(messages('downloaddatabase', {})).toEqual({ databaseId: 'Choose a database' });
    expect(messages('clearDatabase', {})).toEqual({ databaseId: 'Choose a database' });
    expect(messages('importdatabase', { databaseId: '2', file: { fileId: 'abcdefabcdefabcdefabcdef.csv', name: 'a.csv', size: 3 } })).toEqual({});
  });

  it('asks for the file or a usable URL, once', () => {
    expect(messages('importuser', {})).toEqual({ fileId: 'Choose the CSV or XLSX file to import' });
    expect(messages('importuser', { source: 'url' })).toEqual({ url: 'Enter the address of the file, starting with https://' });
    expect(messages('importuser', { source: 'url', url: 'ftp://example.com/a.csv' }).url).toBe('Use a full http:// or https:// address');
  });

  it('refuses a column used twice and names the other use', () => {
    expect(messages('importuser', { file: { fileId: 'abcdefabcdefabcdefabcdef.csv', name: 'u.csv', size: 1 }, userColumns: { username: '0', password: '0', deviceLimit: '', services: '' } })).toEqual({ 'columns.password': 'Column A is already used for the username' });
    expect(messages('importdatabase', { databaseId: '1', source: 'url', url: 'https://x.example/v.csv', layout: 'columns', databaseColumns: { value: '1', response: '1', validity: '' } })).toEqual({ 'columns.response': 'Column B is already used for the value' });
  });

  it('checks the scan filters', () => {
    expect(messages('downloadscan', { results: [] })).toEqual({ result: 'Tick at least one result' });
    expect(messages('downloadscan', { periodKind: 'last', periodNumber: '0' })).toEqual({ 'period.number': 'Enter a whole number from 1 to 10,000' });
    expect(messages('bulkscanremoval', { olderThanDays: '' })).toEqual({ olderThanDays: 'Enter a number of days' });
    expect(messages('bulkscanremoval', { olderThanDays: '0' })).toEqual({ olderThanDays: 'Keep at least the last day' });
    expect(messages('bulkscanremoval', { olderThanDays: '2.5' })).toEqual({ olderThanDays: 'Enter a whole number of days' });
    expect(messages('postback', {})).toEqual({ url: 'Enter the address of your server, starting with https://' });
    expect(messages('postback', { url: 'example.com' }).url).toBe('Use an http:// or https:// address');
  });

  it('puts the messages beside the fields of the task form', () => {
    const checked = createBody('clearDatabase', { ...newTaskForm('UTC', undefined, 'clearDatabase'), name: 'Empty' });
    expect(checked.body).toBeNull();
    expect(placeIssues(checked.issues, taskFieldKeys, taskItemNouns).fields).toEqual({ 'inputs.databaseId': 'Choose a database' });
    const ok = createBody('clearDatabase', { ...newTaskForm('UTC', undefined, 'clearDatabase'), name: 'Empty', inputs: { ...defaultInputsForm('clearDatabase'), databaseId: '5' } });
    expect(ok.body?.inputs).toEqual({ databaseId: 5 });
  });

  it('clears the messages of the fields people change', () => {
    expect(touchedInputKeys(['source', 'periodNumber', 'userColumns', 'results'])).toEqual(['url', 'fileId', 'period', 'filters.period', 'filters.pNumber', 'filters.pMetric', 'columns', 'result', 'filters.result']);
    expect(columnName(0)).toBe('A');
    expect(columnName(26)).toBe('AA');
  });
});

describe('task inputs: destructive types', () => {
  it('does not run a new clear or removal task at once unless asked', () => {
    expect(newTaskForm('UTC', undefined, 'clearDatabase').runNow).toBe(false);
    expect(newTaskForm('UTC', undefined, 'bulkscanremoval').runNow).toBe(false);
    expect(newTaskForm('UTC', undefined, 'downloaddatabase').runNow).toBe(true);
  });
});

describe('task inputs: exportscan', () => {
  it('starts with every scan, the default columns and CSV, and sends only what the form holds', () => {
    expect(defaultInputsForm('exportscan')).toMatchObject({ periodKind: 'all', templateId: '', format: 'csv', keptInputs: {} });
    expect(checkInputs('exportscan', defaultInputsForm('exportscan'))).toEqual({ inputs: { filters: { period: 'all' }, templateId: null, format: 'csv', tableColumns: true }, issues: [] });
    const chosen = checkInputs('exportscan', { ...defaultInputsForm('exportscan'), serviceIds: [4], results: ['invalid'], periodKind: 'last', periodNumber: '3', periodMetric: 'week', templateId: '9', format: 'xlsx', tableColumns: false });
    expect(chosen.inputs).toEqual({ filters: { serviceIds: [4], result: ['invalid'], period: 'last', pMetric: 'week', pNumber: 3 }, templateId: 9, format: 'xlsx', tableColumns: false });
  });

  it('keeps the search filters it does not show, and drops a custom date range once another period is chosen', () => {
    const stored = { filters: { value: 'TICKET', userIds: [5], period: 'custom', startDate: '2026-03-01', startTime: '08:00', tz: 'Europe/Paris' }, scanIds: [1, 2], templateId: 3, format: 'json', tableColumns: true };
    const form = taskToForm(storedTask('exportscan', stored)).inputs;
    expect(form).toMatchObject({ periodKind: 'custom', templateId: '3', format: 'json' });
    expect(checkInputs('exportscan', form)).toEqual({ inputs: stored, issues: [] });
    expect(checkInputs('exportscan', { ...form, periodKind: 'all' }).inputs).toEqual({ filters: { value: 'TICKET', userIds: [5], tz: 'Europe/Paris', period: 'all' }, scanIds: [1, 2], templateId: 3, format: 'json', tableColumns: true });
    expect(keptFilterNames(form.keptInputs)).toEqual(['value', 'users', 'chosen scans']);
    expect(keptRange(form.keptInputs)).toBe('from 2026-03-01 08:00 (Europe/Paris)');
  });

  it('round-trips stored inputs of the form’s own fields', () => {
    const stored = { filters: { serviceIds: [2, 7], result: ['valid', 'notValidated'], period: 'last', pMetric: 'day', pNumber: 14 }, templateId: null, format: 'csv', tableColumns: false };
    const checked = checkInputs('exportscan', taskToForm(storedTask('exportscan', stored)).inputs);
    expect(checked).toEqual({ inputs: stored, issues: [] });
  });

  it('puts the messages on the fields the form shows', () => {
    expect(messages('exportscan', { results: [] })).toEqual({ result: 'Tick at least one result' });
    expect(messages('exportscan', { periodKind: 'last', periodNumber: '0' })).toEqual({ 'period.number': 'Enter a whole number from 1 to 10,000' });
    expect(exportIssuePath('filters.pNumber')).toBe('period.number');
    expect(exportIssuePath('filters.startDate')).toBe('period');
    expect(exportIssuePath('filters.value')).toBe('filters');
    expect(exportIssuePath('templateId')).toBe('templateId');
  });
});
