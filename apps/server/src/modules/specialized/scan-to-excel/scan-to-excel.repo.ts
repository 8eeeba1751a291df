import type { Kysely } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import type { Database } from '../../../platform/db/schema.js';

/** SQL of scan-to-excel instances: the page of scan ids the table view shows, and the secret download link. */
export class ScanToExcelRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** Ids of a page of the instance's scans, newest scan time first, and how many there are (`scans_service_time_idx`). */
  async page(accountId: number, serviceId: number, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const base = this.db.selectFrom('scans').where('service_id', '=', serviceId).where('account_id', '=', accountId);
    const [rows, count] = await Promise.all([
      base.select('id').orderBy('scanned_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** When the instance's link was made, if it has one. */
  async link(accountId: number, serviceId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('scan_to_excel_links').select('created_at').where('account_id', '=', accountId).where('service_id', '=', serviceId).executeTakeFirst();
    return row?.created_at;
  }

  /** Replaces the instance's link with one of this hash (the old one stops answering in the same statement pair's transaction). */
  async setLink(accountId: number, serviceId: number, tokenHash: string): Promise<string> {
    const createdAt = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('scan_to_excel_links').where('account_id', '=', accountId).where('service_id', '=', serviceId).execute();
      await trx.insertInto('scan_to_excel_links').values({ account_id: accountId, service_id: serviceId, token_hash: tokenHash, created_at: createdAt }).execute();
    });
    return createdAt;
  }

  async deleteLink(accountId: number, serviceId: number): Promise<void> {
    await this.db.deleteFrom('scan_to_excel_links').where('account_id', '=', accountId).where('service_id', '=', serviceId).execute();
  }

  /** The account and live scan-to-excel instance a link's hash opens, if any (a deleted instance's link opens nothing). */
  async byToken(tokenHash: string): Promise<{ accountId: number; serviceId: number } | undefined> {
    const row = await this.db
      .selectFrom('scan_to_excel_links as l')
      .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'l.service_id').onRef('s.account_id', '=', 'l.account_id'))
      .select(['l.account_id', 'l.service_id'])
      .where('l.token_hash', '=', tokenHash)
      .where('s.deleted_at', 'is', null)
      .where('s.specialized_type', '=', 'scan-to-excel')
      .executeTakeFirst();
    return row && { accountId: row.account_id, serviceId: row.service_id };
  }
}
