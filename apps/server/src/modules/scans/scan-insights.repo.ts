import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { utcTimeSlot } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import type { ScanFilter, TimeField } from './scan-filter.js';
import type { ScansRepo } from './scans.repo.js';

/** Scans per UTC time slot (`YYYY-MM-DDTHH:MM`) and status. */
export type SlotCount = { slot: string; status: number; n: number };

/** A scan with its `gps_location` text, for the map. */
export type LocationRow = { id: number; value: string; status: number; scanned_at: string; service_name: string; gps: string };

/** A photo or signature answer with what the gallery shows beside it. */
export type PhotoRow = {
  answer_id: number;
  scan_id: number;
  question_text: string;
  answer: string;
  question_type: string | null;
  value: string;
  status: number;
  scanned_at: string;
  service_name: string;
  user_name: string | null;
};

/** The property the scanner writes a scan's location to (`lat,lng`). */
export const GPS_PROPERTY = 'gps_location';

/**
 * SQL for the statistics, map and photo gallery of the scans screens. Every query starts from the scans
 * matching a filter through `ScansRepo.filtered`, the one filter builder, so these screens and the search
 * list always agree on which scans a filter means.
 */
export class ScanInsightsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly scans: ScansRepo,
  ) {}

  /** Scans matching the filter (the account is part of the filter's WHERE), without exclusions of deleted services or users the account does not have. */
  private async matching(accountId: number, f: ScanFilter) {
    return this.db.selectFrom('scans').where(this.scans.filtered(accountId, await this.scans.withoutIdleExclusions(accountId, f)));
  }

  /** Matching scans counted per UTC slot of `field` (hour or quarter hour) and status. */
  async countsBySlot(accountId: number, f: ScanFilter, field: TimeField, minutes: 60 | 15): Promise<SlotCount[]> {
    const slot = utcTimeSlot(this.dialect, sql.ref<string>(`scans.${field}`), minutes);
    const rows = await (await this.matching(accountId, f))
      .select([slot.as('slot'), 'scans.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy([slot, 'scans.status'])
      .orderBy('slot')
      .execute();
    // Normalised to `YYYY-MM-DDTHH:MM` (SQLite's hours come as `YYYY-MM-DDTHH`, PostgreSQL's as full ISO text).
    return rows.map((r) => ({ slot: `${r.slot}:00`.slice(0, 16), status: r.status, n: Number(r.n) }));
  }

  /**
   * Matching scans per app user and service (null user: scans without one). One pass gives both the
   * per-service and per-user counts: on SQLite each GROUP BY over a million rows is a sort of them all.
   * The user comes first so SQLite does not walk the (service_id, value) index in table-random order.
   */
  async countsByUserAndService(accountId: number, f: ScanFilter): Promise<{ app_user_id: number | null; service_id: number; n: number }[]> {
    const rows = await (await this.matching(accountId, f))
      .select(['scans.app_user_id', 'scans.service_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['scans.app_user_id', 'scans.service_id'])
      .execute();
    return rows.map((r) => ({ app_user_id: r.app_user_id, service_id: r.service_id, n: Number(r.n) }));
  }

  /** Names of the account's services and app users by id (deleted ones too: their scans may still match). */
  async names(accountId: number, ids: { services: number[]; users: number[] }): Promise<{ services: Map<number, string>; users: Map<number, string> }> {
    const [services, users] = await Promise.all([
      ids.services.length === 0 ? [] : this.db.selectFrom('services').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids.services).execute(),
      ids.users.length === 0 ? [] : this.db.selectFrom('app_users').select(['id', 'username']).where('account_id', '=', accountId).where('id', 'in', ids.users).execute(),
    ]);
    return { services: new Map(services.map((s) => [s.id, s.name])), users: new Map(users.map((u) => [u.id, u.username])) };
  }

  /** How many scans match the filter (with or without a location: the scanner's map counts those without one). */
  async count(accountId: number, f: ScanFilter): Promise<number> {
    const row = await (await this.matching(accountId, f)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Matching scans that have a location, newest first, up to `limit`, and how many there are in all. */
  async locations(accountId: number, f: ScanFilter, limit: number): Promise<{ rows: LocationRow[]; total: number }> {
    const withGps = (await this.matching(accountId, f)).innerJoin('scan_properties as p', (j) => j.onRef('p.scan_id', '=', 'scans.id').on('p.account_id', '=', accountId).on('p.name', '=', GPS_PROPERTY));
    const [rows, total] = await Promise.all([
      withGps
        .innerJoin('services as sv', 'sv.id', 'scans.service_id')
        .select(['scans.id', 'scans.value', 'scans.status', 'scans.scanned_at', 'sv.name as service_name', 'p.value as gps'])
        .orderBy('scans.scanned_at', 'desc')
        .orderBy('scans.id', 'desc')
        .limit(limit)
        .execute(),
      withGps.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /**
   * Answers holding a file (only photo and signature questions store one) on matching scans, newest scan
   * first, a page at a time, with the total. The question's current type comes along when it still exists.
   */
  async photos(accountId: number, f: ScanFilter, page: { limit: number; offset: number }): Promise<{ rows: PhotoRow[]; total: number }> {
    const withFiles = (await this.matching(accountId, f)).innerJoin('scan_answers as a', 'a.scan_id', 'scans.id').where('a.account_id', '=', accountId).where('a.file_key', 'is not', null);
    const [rows, total] = await Promise.all([
      withFiles
        .innerJoin('services as sv', 'sv.id', 'scans.service_id')
        .leftJoin('app_users as u', 'u.id', 'scans.app_user_id')
        .leftJoin('questions as q', (j) => j.onRef('q.id', '=', 'a.question_id').on('q.account_id', '=', accountId))
        .select(['a.id as answer_id', 'a.scan_id', 'a.question_text', 'a.answer', 'q.type as question_type', 'scans.value', 'scans.status', 'scans.scanned_at', 'sv.name as service_name', 'u.username as user_name'])
        .orderBy('scans.scanned_at', 'desc')
        .orderBy('scans.id', 'desc')
        .orderBy('a.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      withFiles.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The stored file of one answer of the account (undefined: no such answer, another account's, or no file). */
  async answerFile(accountId: number, answerId: number): Promise<{ answer: string; fileKey: string } | undefined> {
    const row = await this.db.selectFrom('scan_answers').select(['answer', 'file_key']).where('account_id', '=', accountId).where('id', '=', answerId).executeTakeFirst();
    return row?.file_key ? { answer: row.answer, fileKey: row.file_key } : undefined;
  }
}
