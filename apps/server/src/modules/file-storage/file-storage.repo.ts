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

const storeColumns = ['id', 'account_id', 'kind', 'name', 'status', 'settings', 'secret_enc', 'for_exports', 'last_error', 'created_at', 'updated_at'] as const;
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

  /** Makes `id` the one store for task-run files (null: none), in one transaction. */
  async setExportsStore(accountId: number, id: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('file_stores').set({ for_exports: 0 }).where('account_id', '=', accountId).where('for_exports', '=', 1).execute();
      if (id !== null) await trx.updateTable('file_stores').set({ for_exports: 1 }).where('account_id', '=', accountId).where('id', '=', id).execute();
    });
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
