import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type BarcodeTemplateRow = {
  id: number;
  account_id: number;
  name: string;
  options: string;
  logo_file_name: string | null;
  logo_width: number | null;
  logo_height: number | null;
  created_at: string;
  updated_at: string;
};

const columns = ['id', 'account_id', 'name', 'options', 'logo_file_name', 'logo_width', 'logo_height', 'created_at', 'updated_at'] as const;

export type TemplateLogo = { fileName: string; width: number; height: number } | null;

/** SQL for barcode templates; every query is scoped to one account. */
export class BarcodesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(accountId: number): Promise<BarcodeTemplateRow[]> {
    return this.db.selectFrom('barcode_templates').select(columns).where('account_id', '=', accountId).orderBy('name').orderBy('id').execute();
  }

  async get(accountId: number, id: number): Promise<BarcodeTemplateRow | undefined> {
    return this.db.selectFrom('barcode_templates').select(columns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async findByLogo(accountId: number, fileName: string): Promise<BarcodeTemplateRow | undefined> {
    return this.db.selectFrom('barcode_templates').select(columns).where('account_id', '=', accountId).where('logo_file_name', '=', fileName).executeTakeFirst();
  }

  async insert(accountId: number, input: { name: string; options: string; logo: TemplateLogo }): Promise<BarcodeTemplateRow> {
    const now = nowIso();
    return this.db
      .insertInto('barcode_templates')
      .values({ account_id: accountId, name: input.name, options: input.options, logo_file_name: input.logo?.fileName ?? null, logo_width: input.logo?.width ?? null, logo_height: input.logo?.height ?? null, created_at: now, updated_at: now })
      .returning(columns)
      .executeTakeFirstOrThrow();
  }

  /** Updates the given fields; `logo: undefined` leaves the logo, `null` clears it. */
  async update(accountId: number, id: number, input: { name?: string | undefined; options?: string | undefined; logo?: TemplateLogo | undefined }): Promise<BarcodeTemplateRow | undefined> {
    return this.db
      .updateTable('barcode_templates')
      .set({
        updated_at: nowIso(),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.options !== undefined ? { options: input.options } : {}),
        ...(input.logo !== undefined ? { logo_file_name: input.logo?.fileName ?? null, logo_width: input.logo?.width ?? null, logo_height: input.logo?.height ?? null } : {}),
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('barcode_templates').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
