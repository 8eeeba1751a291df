import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

export type FileStoreRow = {
  id: number;
  account_id: number;
  kind: string;
  name: string;
  status: string;
  settings: string;
  secret_enc: string;
  for_exports: number;
  for_scan_files: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
};

export type FileStorageCopyRow = {
  id: number;
  account_id: number;
  job_id: number;
  store_id: number | null;
  store_name: string;
  state: string;
  remote_path: string;
  error: string | null;
  attempts: number;
  updated_at: string;
};

const storeColumns = ['id', 'account_id', 'kind', 'name', 'status', 'settings', 'secret_enc', 'for_exports', 'for_scan_files', 'last_error', 'created_at', 'updated_at'] as const;
const copyColumns = ['id', 'account_id', 'job_id', 'store_id', 'store_name', 'state', 'remote_path', 'error', 'attempts', 'updated_at'] as const;

/** SQL for an account's file stores and the copies made to them; every query names the account. */
export class FileStorageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(accountId: number): Promise<FileStoreRow[]> {
    return this.db.selectFrom('file_stores').select(storeColumns).where('account_id', '=', accountId).orderBy('id').execute();
  }

  async get(accountId: number, id: number): Promise<FileStoreRow | undefined> {
    return this.db.selectFrom('file_stores').select(storeColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** The store chosen for task-run files, when it is connected. */
  async exportsStore(accountId: number): Promise<FileStoreRow | undefined> {
    return this.db.selectFrom('file_stores').select(storeColumns).where('account_id', '=', accountId).where('for_exports', '=', 1).where('status', '=', 'connected').executeTakeFirst();
  }

  async insert(accountId: number, input: { kind: string; name: string; settings: string; secret_enc: string }): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('file_stores')
      .values({ account_id: accountId, kind: input.kind, name: input.name, settings: input.settings, secret_enc: input.secret_enc, status: 'connected', last_error: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(accountId: number, id: number, patch: Partial<Pick<FileStoreRow, 'status' | 'secret_enc' | 'last_error' | 'settings' | 'name'>>): Promise<void> {
    await this.db.updateTable('file_stores').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('file_stores').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** Makes `id` the one store for task-run files (null: none), and whether it also receives scan photos, in one transaction. */
  async setExportsStore(accountId: number, id: number | null, scanFiles: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('file_stores').set({ for_exports: 0, for_scan_files: 0 }).where('account_id', '=', accountId).where((eb) => eb.or([eb('for_exports', '=', 1), eb('for_scan_files', '=', 1)])).execute();
      if (id !== null) await trx.updateTable('file_stores').set({ for_exports: 1, for_scan_files: scanFiles ? 1 : 0 }).where('account_id', '=', accountId).where('id', '=', id).execute();
    });
  }

  /** The exports store when it also receives scan photos and signatures, and is connected. */
  async scanFilesStore(accountId: number): Promise<FileStoreRow | undefined> {
    return this.db.selectFrom('file_stores').select(storeColumns).where('account_id', '=', accountId).where('for_exports', '=', 1).where('for_scan_files', '=', 1).where('status', '=', 'connected').executeTakeFirst();
  }

  /** The photos and signatures of the scans, with their service's name, when they were taken and the account's time zone. */
  async scanFiles(accountId: number, scanIds: number[]): Promise<{ scan_id: number; file_key: string; answer: string; service_name: string; scanned_at: string; timezone: string | null }[]> {
    if (scanIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('scan_answers as a')
      .innerJoin('scans as s', (j) => j.onRef('s.id', '=', 'a.scan_id').onRef('s.account_id', '=', 'a.account_id'))
      .innerJoin('services as v', (j) => j.onRef('v.id', '=', 's.service_id').onRef('v.account_id', '=', 's.account_id'))
      .select((eb) => [
        'a.scan_id',
        'a.file_key',
        'a.answer',
        'v.name as service_name',
        's.scanned_at',
        eb.selectFrom('admins as o').select('o.timezone').where('o.account_id', '=', accountId).orderBy('o.id').limit(1).as('timezone'),
      ])
      .where('a.account_id', '=', accountId)
      .where('a.scan_id', 'in', scanIds)
      .where('a.file_key', 'is not', null)
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({ ...r, file_key: r.file_key ?? '', scanned_at: String(r.scanned_at) }));
  }

  async insertCopy(accountId: number, jobId: number, store: { id: number; name: string }): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('file_storage_copies')
      .values({ account_id: accountId, job_id: jobId, store_id: store.id, store_name: store.name, state: 'pending', remote_path: '', error: null, attempts: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async getCopy(accountId: number, id: number): Promise<FileStorageCopyRow | undefined> {
    return this.db.selectFrom('file_storage_copies').select(copyColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async updateCopy(accountId: number, id: number, patch: Partial<Pick<FileStorageCopyRow, 'state' | 'remote_path' | 'error' | 'attempts'>>): Promise<void> {
    await this.db.updateTable('file_storage_copies').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async copiesOfJob(accountId: number, jobId: number): Promise<FileStorageCopyRow[]> {
    return this.db.selectFrom('file_storage_copies').select(copyColumns).where('account_id', '=', accountId).where('job_id', '=', jobId).orderBy('id').execute();
  }
}
