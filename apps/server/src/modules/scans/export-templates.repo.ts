import type { Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { lowerEquals, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type ExportTemplateRow = {
  id: number;
  account_id: number;
  name: string;
  columns: string;
  date_format: string;
  time_zone: string;
  row_per: 'scan' | 'answer';
  created_at: string;
  updated_at: string;
};

/** What a template stores, `columns` already as JSON text. */
export type ExportTemplateValues = { name: string; columns: string; dateFormat: string; timeZone: string; rowPer: 'scan' | 'answer' };

const columns = ['id', 'account_id', 'name', 'columns', 'date_format', 'time_zone', 'row_per', 'created_at', 'updated_at'] as const;

/** How many of the newest scans the property names offered for columns are read from (fast on millions). */
const PROPERTY_SAMPLE = 5_000;

/** SQL for export templates and the columns they can choose from; every query is scoped to one account. */
export class ExportTemplatesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async list(accountId: number): Promise<ExportTemplateRow[]> {
    return this.db.selectFrom('export_templates').select(columns).where('account_id', '=', accountId).orderBy('name').orderBy('id').execute();
  }

  async get(accountId: number, id: number): Promise<ExportTemplateRow | undefined> {
    return this.db.selectFrom('export_templates').select(columns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** A template of the account with this name, compared case-insensitively. */
  async findByName(accountId: number, name: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('export_templates').select('id').where('account_id', '=', accountId).where((eb) => lowerEquals(this.dialect, eb.ref('name'), name)).executeTakeFirst();
  }

  async insert(accountId: number, v: ExportTemplateValues): Promise<ExportTemplateRow> {
    const now = nowIso();
    return this.db
      .insertInto('export_templates')
      .values({ account_id: accountId, name: v.name, columns: v.columns, date_format: v.dateFormat, time_zone: v.timeZone, row_per: v.rowPer, created_at: now, updated_at: now })
      .returning(columns)
      .executeTakeFirstOrThrow();
  }

  async update(accountId: number, id: number, v: ExportTemplateValues): Promise<ExportTemplateRow | undefined> {
    return this.db
      .updateTable('export_templates')
      .set({ name: v.name, columns: v.columns, date_format: v.dateFormat, time_zone: v.timeZone, row_per: v.rowPer, updated_at: nowIso() })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('export_templates').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Which of these question ids are questions of the account. */
  async questionIds(accountId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('questions').select('id').where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The questions of some services in the order they are asked (every question of the account when none given). */
  async questionChoices(accountId: number, serviceIds: number[]): Promise<{ id: number; text: string }[]> {
    if (serviceIds.length === 0) return this.db.selectFrom('questions').select(['id', 'text']).where('account_id', '=', accountId).orderBy('id').execute();
    return this.db
      .selectFrom('service_questions as sq')
      .innerJoin('questions as q', 'q.id', 'sq.question_id')
      .select(['q.id', 'q.text', (eb) => eb.fn.min('sq.position').as('first')])
      .where('sq.account_id', '=', accountId)
      .where('q.account_id', '=', accountId)
      .where('sq.service_id', 'in', serviceIds)
      .groupBy(['q.id', 'q.text'])
      .orderBy('first')
      .orderBy('q.id')
      .execute();
  }

  /** Property names on the newest scans of some services (of the account when none given), by name. */
  async propertyNames(accountId: number, serviceIds: number[], limit = 500): Promise<string[]> {
    let newest = this.db.selectFrom('scans').select('scans.id').where('scans.account_id', '=', accountId);
    if (serviceIds.length > 0) newest = newest.where('scans.service_id', 'in', serviceIds);
    const rows = await this.db
      .selectFrom('scan_properties as p')
      .select('p.name')
      .distinct()
      .where('p.account_id', '=', accountId)
      .where('p.scan_id', 'in', newest.orderBy('scans.id', 'desc').limit(PROPERTY_SAMPLE))
      .orderBy('p.name')
      .limit(limit)
      .execute();
    return rows.map((r) => r.name);
  }
}
