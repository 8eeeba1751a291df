import { describe, expect, it } from 'vitest';
import { describeSchedule, formatDuration, isoToZoned, scheduleFromForm, scheduleToForm, zonedToIso, defaultScheduleForm } from './schedule-form';
import { createBody, newTaskForm } from './task-form';
import { placeIssues } from '../../ui/form-issues';
import { taskFieldKeys, taskItemNouns } from './task-form';

describe('schedules', () => {
  it('converts wall times in a time zone to instants and back (DST included)', () => {
    expect(zonedToIso('2026-01-15T09:30', 'Europe/Paris')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedToIso('2026-07-15T09:30', 'Europe/Paris')).toBe('2026-07-15T07:30:00.000Z');
    expect(isoToZoned('2026-07-15T07:30:00.000Z', 'Europe/Paris')).toBe('2026-07-15T09:30');
    expect(zonedToIso('not a date', 'UTC')).toBeNull();
  });

  it('maps every kind to the contract shape and back', () => {
    expect(scheduleFromForm({ ...defaultScheduleForm, kind: 'monthly', day: 'last', time: '23:15' }, 'UTC')).toEqual({ kind: 'monthly', day: 'last', time: '23:15' });
    expect(scheduleFromForm({ ...defaultScheduleForm, kind: 'weekly', weekday: '5', time: '07:00' }, 'UTC')).toEqual({ kind: 'weekly', weekday: 5, time: '07:00' });
    expect(scheduleToForm({ kind: 'hourly', minute: 15 }, 'UTC')).toMatchObject({ kind: 'hourly', minute: '15' });
    expect(describeSchedule({ kind: 'monthly', day: 2, time: '06:00' })).toBe('Monthly on the 2nd at 06:00');
    expect(describeSchedule({ kind: 'weekly', weekday: 1, time: '06:00' })).toBe('Every Monday at 06:00');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });

  it('checks a whole task with the contract and puts the issues on their fields', () => {
    const form = { ...newTaskForm('UTC'), name: ' ', schedule: { ...defaultScheduleForm, kind: 'cron' as const, expression: '* *' }, notifyOnSuccess: 'ok@example.com\nnot-an-email' };
    const checked = createBody('generatebarcode', form);
    expect(checked.body).toBeNull();
    const placed = placeIssues(checked.issues, taskFieldKeys, taskItemNouns);
    expect(Object.keys(placed.fields).sort()).toEqual(['inputs.values', 'name', 'outputs.notifyOnSuccess', 'schedule.expression']);
    expect(placed.fields['outputs.notifyOnSuccess']).toMatch(/^Address 2: /);
    // Server messages keep their own wording.
    expect(placeIssues([{ path: 'inputs.range.end', message: 'The range ends before it starts.' }, { path: 'other', message: 'Odd' }], taskFieldKeys)).toEqual({
      fields: { 'inputs.range.end': 'The range ends before it starts.' },
      general: ['Odd'],
    });
  });
});
