import type { TaskSchedule } from '@scanbase/contracts';
import { Cron } from 'croner';

/** The cron pattern of a repeating schedule (minute hour day-of-month month day-of-week). */
export function cronPattern(schedule: TaskSchedule): string | undefined {
  const hm = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    return `${m ?? 0} ${h ?? 0}`;
  };
  switch (schedule.kind) {
    case 'manual':
    case 'once':
      return undefined;
    case 'hourly':
      return `${schedule.minute} * * * *`;
    case 'daily':
      return `${hm(schedule.time)} * * *`;
    case 'weekly':
      return `${hm(schedule.time)} * * ${schedule.weekday}`;
    case 'monthly':
      return `${hm(schedule.time)} ${schedule.day === 'last' ? 'L' : schedule.day} * *`;
    case 'cron':
      return schedule.expression;
  }
}

/** Throws a readable message when a cron expression or time zone cannot be used. */
export function checkSchedule(schedule: TaskSchedule, timezone: string): void {
  const pattern = cronPattern(schedule);
  if (pattern === undefined) return;
  new Cron(pattern, { timezone, paused: true });
}

/** The first run strictly after `after`, in the task's time zone; null when it never runs again. */
export function nextRunAfter(schedule: TaskSchedule, timezone: string, after: Date): Date | null {
  if (schedule.kind === 'manual') return null;
  if (schedule.kind === 'once') {
    const at = new Date(schedule.at);
    return at > after ? at : null;
  }
  const pattern = cronPattern(schedule);
  if (pattern === undefined) return null;
  return new Cron(pattern, { timezone, paused: true }).nextRun(after);
}
