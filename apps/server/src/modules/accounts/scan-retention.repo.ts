import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** SQL of the scan retention: which accounts keep scans for a limited time, and their scans older than a cut-off. */
export class ScanRetentionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Accounts with a retention (not scheduled for deletion: their purge removes everything anyway). */
  async accountsWithRetention(): Promise<{ id: number; days: number }[]> {
    const rows = await this.db.selectFrom('accounts').select(['id', 'scan_retention_days']).where('scan_retention_days', 'is not', null).where('deletion_due_at', 'is', null).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, days: Number(r.scan_retention_days) }));
  }

  /** How many scans of the account were made before the cut-off (index `scans_account_time_idx`). */
  async countOlder(accountId: number, cutoff: string): Promise<number> {
    const row = await this.db.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('scanned_at', '<', cutoff).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Up to `limit` ids of the account's scans made before the cut-off. */
  async idsOlder(accountId: number, cutoff: string, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('scans').select('id').where('account_id', '=', accountId).where('scanned_at', '<', cutoff).orderBy('scanned_at').limit(limit).execute();
    return rows.map((r) => r.id);
  }
}
