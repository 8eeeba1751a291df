import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** What the uploads screen filters on; `from`/`to` are ISO instants on the upload's received time. */
export type UploadFilter = {
  serviceIds?: number[] | undefined;
  userIds?: number[] | undefined;
  deviceIds?: number[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  includeDeletedServices: boolean;
  includeDeletedUsers: boolean;
};

/** An upload with the names the screen shows. */
export type UploadListRow = {
  id: number;
  service_id: number;
  service_name: string;
  service_deleted_at: string | null;
  app_user_id: number | null;
  user_name: string | null;
  user_deleted_at: string | null;
  device_id: number | null;
  device_name: string | null;
  count: number;
  created_at: string;
};

/** SQL of the uploads screen (V2 `uploads/list`); the legacy `uploads/retrieve` keeps its own in ScansRepo. */
export class UploadsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private where(accountId: number, f: UploadFilter) {
    return (eb: ExpressionBuilder<Database, 'uploads'>): Expression<SqlBool> => {
      const and: Expression<SqlBool>[] = [eb('uploads.account_id', '=', accountId)];
      const inList = (col: 'uploads.service_id' | 'uploads.app_user_id' | 'uploads.device_id', ids: number[] | undefined) => {
        if (ids) and.push(eb(col, 'in', ids.length > 0 ? ids : [-2]));
      };
      inList('uploads.service_id', f.serviceIds);
      inList('uploads.app_user_id', f.userIds);
      inList('uploads.device_id', f.deviceIds);
      if (f.from !== undefined) and.push(eb('uploads.created_at', '>=', f.from));
      if (f.to !== undefined) and.push(eb('uploads.created_at', '<=', f.to));
      // Deleted services and app users are soft-deleted: their uploads stay, hidden unless asked for.
      if (!f.includeDeletedServices) and.push(eb('uploads.service_id', 'not in', eb.selectFrom('services').select('services.id').where('services.account_id', '=', accountId).where('services.deleted_at', 'is not', null)));
      if (!f.includeDeletedUsers) {
        and.push(eb.or([eb('uploads.app_user_id', 'is', null), eb('uploads.app_user_id', 'not in', eb.selectFrom('app_users').select('app_users.id').where('app_users.account_id', '=', accountId).where('app_users.deleted_at', 'is not', null))]));
      }
      return eb.and(and);
    };
  }

  /** A page of uploads, newest first (ids grow with the received time, and follow the account's index), and the total. */
  async list(accountId: number, f: UploadFilter, page: { limit: number; offset: number }): Promise<{ rows: UploadListRow[]; total: number }> {
    const where = this.where(accountId, f);
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('uploads')
        .where(where)
        .innerJoin('services as s', 's.id', 'uploads.service_id')
        .leftJoin('app_users as u', 'u.id', 'uploads.app_user_id')
        .leftJoin('devices as d', 'd.id', 'uploads.device_id')
        .select(['uploads.id', 'uploads.service_id', 's.name as service_name', 's.deleted_at as service_deleted_at', 'uploads.app_user_id', 'u.username as user_name', 'u.deleted_at as user_deleted_at', 'uploads.device_id', 'd.name as device_name', 'uploads.count', 'uploads.created_at'])
        .orderBy('uploads.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db.selectFrom('uploads').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The scans of these uploads counted by status, in one grouped query. */
  async statusCounts(accountId: number, uploadIds: number[]): Promise<{ upload_id: number; status: number; n: number }[]> {
    if (uploadIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('scans')
      .select(['scans.upload_id', 'scans.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('scans.account_id', '=', accountId)
      .where('scans.upload_id', 'in', uploadIds)
      .groupBy(['scans.upload_id', 'scans.status'])
      .execute();
    return rows.flatMap((r) => (r.upload_id === null ? [] : [{ upload_id: r.upload_id, status: r.status, n: Number(r.n) }]));
  }
}
