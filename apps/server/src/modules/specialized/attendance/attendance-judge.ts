import type { AttendanceSettings } from '@scanbase/contracts';
import type { TypeJudgeContext, TypeVerdict } from '../specialized-type.js';
import { currentOccurrence, localDateOf, localTimeOf, nextStart } from './attendance-calendar.js';
import { AttendanceRepo, sessionDef } from './attendance.repo.js';

/** The live topic published when a scan changes a register (id: the instance id). */
export const ATTENDANCE_TOPIC = 'attendance';

function describeNext(next: ReturnType<typeof nextStart>, zone: string, now: Date): string {
  if (!next) return 'No session is planned.';
  const when = localDateOf(next.startsAt, zone) === localDateOf(now, zone) ? `today at ${next.session.startTime}` : `on ${next.date} at ${next.session.startTime}`;
  return `Next session: ${next.session.name} ${when}.`;
}

/**
 * The attendance rule at scan time, in the scan's transaction: a person of the roster scanned during a
 * session occurrence is marked present, or late after start + N minutes; outside any session, unknown, a
 * second scan in the same occurrence or a closed register is refused with the reason. The occurrence and
 * the status are stored as scan properties (`attendance_session`, `attendance_date`, `attendance_status`).
 */
export async function judgeAttendance(ctx: TypeJudgeContext<AttendanceSettings>): Promise<TypeVerdict> {
  const { base, accountId, service, timeZone } = ctx;
  const repo = new AttendanceRepo(ctx.db, ctx.dialect);
  const refuse = (response: string, properties: Record<string, string>, extra: Partial<TypeVerdict> = {}): TypeVerdict => ({ ...base, status: 0, response, duplicate: false, properties, ...extra });

  if (service.database_id === null) return refuse('This attendance service has no roster.', { attendance_status: 'refused' });
  if (base.dbValueId === null) {
    // The base method found no active value: unknown code, or the service is outside its active period.
    const key = service.case_sensitive === 1 ? ctx.value : ctx.value.toLowerCase();
    if (!(await repo.inRoster(accountId, service.database_id, key))) return refuse(`Not on the roster: ${ctx.value}.`, { attendance_status: 'unknown' });
    return { ...base, properties: { attendance_status: 'refused' } };
  }
  const person = await repo.person(accountId, service.database_id, base.dbValueId);
  if (!person) return refuse(base.response || 'This person is not active on the roster.', { attendance_status: 'refused' });
  const name = person.name || person.code;

  const at = new Date(ctx.scannedAt);
  const sessions = (await repo.sessions(accountId, [service.id])).map(sessionDef);
  const occurrence = currentOccurrence(sessions, at, timeZone, ctx.settings.earlyMinutes);
  if (!occurrence) return refuse(`${name}: no session now. ${describeNext(nextStart(sessions, at, timeZone), timeZone, at)}`, { attendance_status: 'outside' });

  const s = occurrence.session;
  const where = { attendance_session: String(s.id), attendance_date: occurrence.date };
  if ((await repo.closedAt(accountId, s.id, occurrence.date)) !== undefined) return refuse(`${name}: the register of ${s.name} on ${occurrence.date} is closed.`, { ...where, attendance_status: 'closed' });

  const lateMs = at.getTime() - occurrence.startsAt.getTime() - s.lateAfterMinutes * 60_000;
  const status = lateMs > 0 ? 'late' : 'present';
  const minutesLate = Math.floor((at.getTime() - occurrence.startsAt.getTime()) / 60_000);
  const verdict = (markId: number | null): TypeVerdict => ({
    ...base,
    status: 1,
    duplicate: false,
    response: status === 'late' ? `${name}: late (${minutesLate} min), ${s.name}.` : `${name}: present, ${s.name}.`,
    properties: { ...where, attendance_status: status },
    topics: [ATTENDANCE_TOPIC],
    ...(markId !== null ? { afterInsert: (scanId: number) => repo.setMarkScan(accountId, markId, scanId) } : {}),
  });

  const markedBy = ctx.caller.username;
  const markId = await repo.insertMark(accountId, service.id, { sessionId: s.id, date: occurrence.date, person, status, scanId: null, markedBy, note: '', at: ctx.scannedAt });
  if (markId !== undefined) return verdict(markId);
  // Already marked: a hand-marked absence gives way to the person arriving; anything else is a duplicate.
  const existing = await repo.mark(accountId, s.id, occurrence.date, person.id);
  if (existing && (await repo.arriveAfterAbsent(accountId, existing.id, status, markedBy, ctx.scannedAt))) return verdict(existing.id);
  const first = existing ? `${existing.status} at ${localTimeOf(new Date(existing.marked_at), timeZone)}` : 'marked';
  return refuse(`${name}: already ${first}, ${s.name}. Duplicate scan.`, { ...where, attendance_status: 'duplicate' }, { duplicate: true });
}
