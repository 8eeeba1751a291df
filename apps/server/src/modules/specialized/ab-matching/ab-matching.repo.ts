import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { upsertScanProperty } from '../../scans/scans.repo.js';

/** Counts of `ab_result` per app user of one instance. */
export type AbCountRow = { app_user_id: number | null; username: string | null; result: string; n: number };

/** The SQL of A/B matching: the instance and its counts (every query scoped to the account). */
export class AbMatchingRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** A live A/B matching instance of the account. */
  async exists(accountId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('services')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('specialized_type', '=', 'ab-barcode-matching')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Matches and mismatches by app user (the stored `ab_result` of the instance's scans). */
  async counts(accountId: number, serviceId: number): Promise<AbCountRow[]> {
    const rows = await this.db
      .selectFrom('scans as s')
      .innerJoin('scan_properties as p', (j) => j.onRef('p.scan_id', '=', 's.id').onRef('p.account_id', '=', 's.account_id'))
      .leftJoin('app_users as u', (j) => j.onRef('u.id', '=', 's.app_user_id').onRef('u.account_id', '=', 's.account_id'))
      .select((eb) => ['s.app_user_id', 'u.username', 'p.value as result', eb.fn.countAll<number>().as('n')])
      .where('s.account_id', '=', accountId)
      .where('s.service_id', '=', serviceId)
      .where('p.name', '=', 'ab_result')
      .groupBy(['s.app_user_id', 'u.username', 'p.value'])
      .execute();
    return rows.map((r) => ({ app_user_id: r.app_user_id, username: r.username, result: r.result, n: Number(r.n) }));
  }

  /** One of the app user's scans of an A/B instance, with its stored result and reason (undefined: not such a scan). */
  async ownScan(accountId: number, scanId: number, appUserId: number): Promise<{ result: string | null; reason: string | null } | undefined> {
    const row = await this.db
      .selectFrom('scans as s')
      .innerJoin('services as sv', (j) => j.onRef('sv.id', '=', 's.service_id').onRef('sv.account_id', '=', 's.account_id'))
      .leftJoin('scan_properties as r', (j) => j.onRef('r.scan_id', '=', 's.id').onRef('r.account_id', '=', 's.account_id').on('r.name', '=', 'ab_result'))
      .leftJoin('scan_properties as w', (j) => j.onRef('w.scan_id', '=', 's.id').onRef('w.account_id', '=', 's.account_id').on('w.name', '=', 'ab_reason'))
      .select(['r.value as result', 'w.value as reason'])
      .where('s.account_id', '=', accountId)
      .where('s.id', '=', scanId)
      .where('s.app_user_id', '=', appUserId)
      .where('sv.specialized_type', '=', 'ab-barcode-matching')
      .executeTakeFirst();
    return row ? { result: row.result, reason: row.reason } : undefined;
  }

  /** Stores the reason of a mismatch (the scan's modified time moves). */
  async setReason(accountId: number, scanId: number, reason: string, at: string): Promise<void> {
    await upsertScanProperty(this.db, accountId, [scanId], 'ab_reason', reason);
    await this.db.updateTable('scans').set({ modified_at: at }).where('account_id', '=', accountId).where('id', '=', scanId).execute();
  }
}
