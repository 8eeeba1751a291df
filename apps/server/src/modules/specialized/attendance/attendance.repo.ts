import type { Kysely } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import type { Database } from '../../../platform/db/schema.js';
import type { SessionDef } from './attendance-calendar.js';

/** A session row as stored. */
export type SessionRow = {
  id: number; service_id: number; name: string; place: string; repeat: string; start_date: string; end_date: string | null; weekdays: string;
  start_time: string; end_time: string; late_after_minutes: number; created_at: string;
};

/** A mark as stored. */
export type MarkRow = {
  id: number; session_id: number; occurrence_date: string; person_id: number; person_code: string; person_name: string; status: string;
  scan_id: number | null; marked_by: string; note: string; marked_at: string;
};

/** A person of the roster (a value of the instance's database). */
export type RosterPerson = { id: number; code: string; name: string };

/** An attendance instance: its service's name, roster database and type settings. */
export type AttendanceInstanceRow = { id: number; name: string; database_id: number | null; type_settings: string };

const sessionColumns = ['id', 'service_id', 'name', 'place', 'repeat', 'start_date', 'end_date', 'weekdays', 'start_time', 'end_time', 'late_after_minutes', 'created_at'] as const;
const markColumns = ['id', 'session_id', 'occurrence_date', 'person_id', 'person_code', 'person_name', 'status', 'scan_id', 'marked_by', 'note', 'marked_at'] as const;

/** The calendar's view of a stored session. */
export function sessionDef(r: SessionRow): SessionDef {
  return {
    id: r.id, name: r.name, place: r.place, repeat: r.repeat === 'weekly' ? 'weekly' : 'none', startDate: r.start_date, endDate: r.end_date,
    weekdays: r.weekdays === '' ? [] : r.weekdays.split(',').map(Number), startTime: r.start_time, endTime: r.end_time, lateAfterMinutes: Number(r.late_after_minutes),
  };
}

/** What a session is written as. */
export type SessionValues = { name: string; place: string; repeat: string; start_date: string; end_date: string | null; weekdays: string; start_time: string; end_time: string; late_after_minutes: number };

/** SQL of attendance: sessions, marks, closed occurrences and the roster they are taken against. */
export class AttendanceRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** A live attendance instance of the account. */
  async instance(accountId: number, id: number): Promise<AttendanceInstanceRow | undefined> {
    return this.db.selectFrom('services').select(['id', 'name', 'database_id', 'type_settings'])
      .where('account_id', '=', accountId).where('id', '=', id).where('deleted_at', 'is', null).where('specialized_type', '=', 'attendance').executeTakeFirst();
  }

  /** Every live attendance instance of the account. */
  async instances(accountId: number): Promise<AttendanceInstanceRow[]> {
    return this.db.selectFrom('services').select(['id', 'name', 'database_id', 'type_settings'])
      .where('account_id', '=', accountId).where('deleted_at', 'is', null).where('specialized_type', '=', 'attendance').orderBy('name').execute();
  }

  /** The account's time zone. */
  async timeZone(accountId: number): Promise<string> {
    const row = await this.db.selectFrom('admins').select('timezone').where('account_id', '=', accountId).orderBy('id').limit(1).executeTakeFirst();
    return row?.timezone ?? 'UTC';
  }

  /** The sessions of instances, oldest first. */
  async sessions(accountId: number, serviceIds: number[]): Promise<SessionRow[]> {
    if (serviceIds.length === 0) return [];
    return this.db.selectFrom('attendance_sessions').select(sessionColumns).where('account_id', '=', accountId).where('service_id', 'in', serviceIds).orderBy('start_date').orderBy('start_time').orderBy('id').execute();
  }

  /** One session of an instance. */
  async session(accountId: number, serviceId: number, id: number): Promise<SessionRow | undefined> {
    return this.db.selectFrom('attendance_sessions').select(sessionColumns).where('account_id', '=', accountId).where('service_id', '=', serviceId).where('id', '=', id).executeTakeFirst();
  }

  /** Adds a session; answers its id. */
  async createSession(accountId: number, serviceId: number, v: SessionValues): Promise<number> {
    const now = nowIso();
    const row = await this.db.insertInto('attendance_sessions').values({ account_id: accountId, service_id: serviceId, ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes a session; answers whether it existed. */
  async updateSession(accountId: number, serviceId: number, id: number, v: SessionValues): Promise<boolean> {
    const r = await this.db.updateTable('attendance_sessions').set({ ...v, updated_at: nowIso() }).where('account_id', '=', accountId).where('service_id', '=', serviceId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a session with its marks and closings; answers whether it existed. */
  async deleteSession(accountId: number, serviceId: number, id: number): Promise<boolean> {
    await this.db.deleteFrom('attendance_marks').where('account_id', '=', accountId).where('session_id', '=', id).where('service_id', '=', serviceId).execute();
    await this.db.deleteFrom('attendance_closed').where('account_id', '=', accountId).where('session_id', '=', id).where('service_id', '=', serviceId).execute();
    const r = await this.db.deleteFrom('attendance_sessions').where('account_id', '=', accountId).where('service_id', '=', serviceId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The active people of a roster database, by code. */
  async roster(accountId: number, databaseId: number): Promise<RosterPerson[]> {
    const rows = await this.db.selectFrom('db_values').select(['id', 'value', 'response']).where('account_id', '=', accountId).where('database_id', '=', databaseId).where('validity', '=', 1).orderBy('value').execute();
    return rows.map((r) => ({ id: r.id, code: r.value, name: r.response }));
  }

  /** One active person of a roster. */
  async person(accountId: number, databaseId: number, id: number): Promise<RosterPerson | undefined> {
    const r = await this.db.selectFrom('db_values').select(['id', 'value', 'response']).where('account_id', '=', accountId).where('database_id', '=', databaseId).where('id', '=', id).where('validity', '=', 1).executeTakeFirst();
    return r && { id: r.id, code: r.value, name: r.response };
  }

  /** Whether a value key is in a roster at all (active or not). */
  async inRoster(accountId: number, databaseId: number, key: string): Promise<boolean> {
    const r = await this.db.selectFrom('db_values').select('id').where('account_id', '=', accountId).where('database_id', '=', databaseId).where('value_key', '=', key).executeTakeFirst();
    return r !== undefined;
  }

  /** Adds a mark unless the person already has one in the occurrence; answers the new mark's id or undefined. */
  async insertMark(accountId: number, serviceId: number, m: { sessionId: number; date: string; person: RosterPerson; status: string; scanId: number | null; markedBy: string; note: string; at: string }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('attendance_marks')
      .values({
        account_id: accountId, service_id: serviceId, session_id: m.sessionId, occurrence_date: m.date, person_id: m.person.id, person_code: m.person.code, person_name: m.person.name,
        status: m.status, scan_id: m.scanId, marked_by: m.markedBy, note: m.note, marked_at: m.at,
      })
      .onConflict((oc) => oc.columns(['session_id', 'occurrence_date', 'person_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** A person's mark in an occurrence. */
  async mark(accountId: number, sessionId: number, date: string, personId: number): Promise<MarkRow | undefined> {
    return this.db.selectFrom('attendance_marks').select(markColumns).where('account_id', '=', accountId).where('session_id', '=', sessionId).where('occurrence_date', '=', date).where('person_id', '=', personId).executeTakeFirst();
  }

  /** Turns a hand-marked absence into the scan's status (the person came after all); answers whether it did. */
  async arriveAfterAbsent(accountId: number, markId: number, status: string, markedBy: string, at: string): Promise<boolean> {
    const r = await this.db.updateTable('attendance_marks').set({ status, marked_by: markedBy, marked_at: at }).where('account_id', '=', accountId).where('id', '=', markId).where('status', '=', 'absent').where('scan_id', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Links a mark to the scan that made it. */
  async setMarkScan(accountId: number, markId: number, scanId: number): Promise<void> {
    await this.db.updateTable('attendance_marks').set({ scan_id: scanId }).where('account_id', '=', accountId).where('id', '=', markId).execute();
  }

  /** Sets a person's mark by hand (status, note, who, when), keeping the scan that made it, if any. */
  async setMark(accountId: number, serviceId: number, m: { sessionId: number; date: string; person: RosterPerson; status: string; markedBy: string; note: string; at: string }): Promise<void> {
    await this.db
      .insertInto('attendance_marks')
      .values({
        account_id: accountId, service_id: serviceId, session_id: m.sessionId, occurrence_date: m.date, person_id: m.person.id, person_code: m.person.code, person_name: m.person.name,
        status: m.status, scan_id: null, marked_by: m.markedBy, note: m.note, marked_at: m.at,
      })
      .onConflict((oc) => oc.columns(['session_id', 'occurrence_date', 'person_id']).doUpdateSet({ status: m.status, marked_by: m.markedBy, note: m.note, marked_at: m.at }))
      .execute();
  }

  /** The marks of one occurrence. */
  async marksOf(accountId: number, sessionId: number, date: string): Promise<MarkRow[]> {
    return this.db.selectFrom('attendance_marks').select(markColumns).where('account_id', '=', accountId).where('session_id', '=', sessionId).where('occurrence_date', '=', date).execute();
  }

  /** The marks of an instance between two dates. */
  async marksBetween(accountId: number, serviceId: number, from: string, to: string): Promise<MarkRow[]> {
    return this.db.selectFrom('attendance_marks').select(markColumns).where('account_id', '=', accountId).where('service_id', '=', serviceId).where('occurrence_date', '>=', from).where('occurrence_date', '<=', to).execute();
  }

  /** When an occurrence was closed, or undefined. */
  async closedAt(accountId: number, sessionId: number, date: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('attendance_closed').select('closed_at').where('account_id', '=', accountId).where('session_id', '=', sessionId).where('occurrence_date', '=', date).executeTakeFirst();
    return r?.closed_at;
  }

  /** The closed occurrences of instances between two dates, as `sessionId date` keys. */
  async closedBetween(accountId: number, serviceIds: number[], from: string, to: string): Promise<Set<string>> {
    if (serviceIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('attendance_closed').select(['session_id', 'occurrence_date']).where('account_id', '=', accountId).where('service_id', 'in', serviceIds).where('occurrence_date', '>=', from).where('occurrence_date', '<=', to).execute();
    return new Set(rows.map((r) => `${r.session_id} ${r.occurrence_date}`));
  }

  /** Closes an occurrence (once); answers whether this call closed it. */
  async close(accountId: number, serviceId: number, sessionId: number, date: string, by: string, at: string): Promise<boolean> {
    const r = await this.db.insertInto('attendance_closed').values({ account_id: accountId, service_id: serviceId, session_id: sessionId, occurrence_date: date, closed_by: by, closed_at: at })
      .onConflict((oc) => oc.columns(['session_id', 'occurrence_date']).doNothing()).returning('session_id').executeTakeFirst();
    return r !== undefined;
  }

  /** Marks absent every listed person without a mark in the occurrence. */
  async markAbsent(accountId: number, serviceId: number, sessionId: number, date: string, people: RosterPerson[], by: string, at: string): Promise<void> {
    for (let i = 0; i < people.length; i += 500) {
      const chunk = people.slice(i, i + 500);
      await this.db
        .insertInto('attendance_marks')
        .values(chunk.map((p) => ({ account_id: accountId, service_id: serviceId, session_id: sessionId, occurrence_date: date, person_id: p.id, person_code: p.code, person_name: p.name, status: 'absent', scan_id: null, marked_by: by, note: '', marked_at: at })))
        .onConflict((oc) => oc.columns(['session_id', 'occurrence_date', 'person_id']).doNothing())
        .execute();
    }
  }

  /** App users' names by id (live ones). */
  async userNames(accountId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('app_users').select(['id', 'username']).where('account_id', '=', accountId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  }
}
