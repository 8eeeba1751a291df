import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type BrandingRow = {
  account_id: number;
  app_name: string;
  primary_color: string;
  secondary_color: string;
  welcome_text: string;
  footer_text: string;
  logo_file_name: string | null;
  updated_at: string;
};

export type BrandingValues = Omit<BrandingRow, 'account_id' | 'updated_at'>;

const columns = ['account_id', 'app_name', 'primary_color', 'secondary_color', 'welcome_text', 'footer_text', 'logo_file_name', 'updated_at'] as const;

/** SQL for an account's branding (one row per account, none until something is customised). */
export class BrandingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(accountId: number): Promise<BrandingRow | undefined> {
    return this.db.selectFrom('account_branding').select(columns).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** True when the account exists (the public read answers the defaults otherwise). */
  async accountExists(accountId: number): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()) !== undefined;
  }

  /** Writes the whole row (insert or replace); answers it. */
  async save(accountId: number, values: BrandingValues): Promise<BrandingRow> {
    const row = { ...values, updated_at: nowIso() };
    await this.db
      .insertInto('account_branding')
      .values({ account_id: accountId, ...row })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
      .execute();
    return { account_id: accountId, ...row };
  }
}
