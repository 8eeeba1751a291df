import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

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
}
