import { attendanceSessionInput, type AttendanceSession, type AttendanceSessionInput } from '@scanbase/contracts/attendance';
import { placeIssues, zodIssues, type Issue } from '../../ui/form-issues';

/** A session form's text, as typed. */
export type SessionForm = {
  name: string; place: string; repeat: 'none' | 'weekly'; startDate: string; endDate: string; weekdays: number[]; startTime: string; endTime: string; lateAfterMinutes: string;
};

export const sessionFields = ['name', 'place', 'repeat', 'startDate', 'endDate', 'weekdays', 'startTime', 'endTime', 'lateAfterMinutes'] as const;

/** A new session's form: today, 09:00–10:00, late after 10 minutes. */
export function emptySessionForm(today: string, name = ''): SessionForm {
  return { name, place: '', repeat: 'none', startDate: today, endDate: '', weekdays: [], startTime: '09:00', endTime: '10:00', lateAfterMinutes: '10' };
}

/** The form of a stored session. */
export function sessionFormOf(s: AttendanceSession): SessionForm {
  return { name: s.name, place: s.place, repeat: s.repeat, startDate: s.startDate, endDate: s.endDate ?? '', weekdays: s.weekdays, startTime: s.startTime, endTime: s.endTime, lateAfterMinutes: String(s.lateAfterMinutes) };
}

/** The form as a request body, checked with the contract's schema; issues by field. */
export function sessionBody(form: SessionForm): { body: AttendanceSessionInput | null; fields: Record<string, string>; general: string[] } {
  const late = form.lateAfterMinutes.trim() === '' ? Number.NaN : Number(form.lateAfterMinutes);
  const body: AttendanceSessionInput = {
    name: form.name, place: form.place, repeat: form.repeat, startDate: form.startDate, endDate: form.repeat === 'weekly' ? form.endDate || null : null,
    weekdays: form.repeat === 'weekly' ? form.weekdays : [], startTime: form.startTime, endTime: form.endTime, lateAfterMinutes: late,
  };
  const issues: Issue[] = [];
  if (!Number.isInteger(late)) issues.push({ path: 'lateAfterMinutes', message: 'Enter whole minutes (0 = late right at the start)' });
  const parsed = attendanceSessionInput.safeParse(body);
  if (!parsed.success) issues.push(...zodIssues(parsed.error.issues));
  const placed = placeIssues(issues, sessionFields);
  return { body: issues.length === 0 ? body : null, ...placed };
}

/** Server issues (`session.endTime`) on the form's fields. */
export function serverSessionIssues(issues: readonly Issue[], prefix = 'session.'): { fields: Record<string, string>; general: string[] } {
  return placeIssues(issues.map((i) => ({ ...i, path: i.path.startsWith(prefix) ? i.path.slice(prefix.length) : i.path })), sessionFields);
}
