import type { FileStorageCopy } from '@scanbase/contracts';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobContext, type JobFile, type JobHandler } from '../../platform/jobs/job-types.js';
import type { JobRow } from '../../platform/jobs/jobs.repo.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { WebhookEvent } from '../webhooks/webhook-events.js';
import { storeErrorText, type StoreClient, type UploadSource } from './file-store-clients.js';
import { GrantRevoked } from './file-storage-oauth.js';
import type { FileStorageCopyRow, FileStorageRepo, FileStoreRow } from './file-storage.repo.js';

/** The job that copies a task run's file to the account's store. */
export const FILE_STORAGE_COPY_JOB = 'filestorage.copy';
/** The job that copies one scan photo or signature to the account's store. */
export const FILE_STORAGE_SCAN_FILE_JOB = 'filestorage.scanfile';
/** Attempts of one copy (the jobs platform backs off between them) before it is shown as failed. */
export const FILE_STORAGE_COPY_ATTEMPTS = 5;
/** The top folder of scan photos and signatures in the store. */
export const SCAN_FILES_FOLDER = 'Scan photos';
/** How long a process trusts what it read about an account's scan-photo store (the scan path reads it per scan). */
const SCAN_STORE_CACHE_MS = 30_000;

type Log = { error(obj: unknown, msg: string): void };
type ScanFilePayload = { storeId: number; scanId: number; key: string; name: string; folders: string[] };

/** A folder name from a service name: no path separators or characters stores refuse, not empty, not too long. */
export function folderName(text: string): string {
  const clean = [...text]
    // Control characters, path separators and what Windows-backed stores refuse.
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 100)
    .trim();
  return clean || 'Service';
}

/** The calendar day of an instant in a time zone (YYYY-MM-DD); UTC when the zone is unknown. */
export function dayIn(instant: string, timeZone: string | null): string {
  const at = new Date(instant);
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

export type FileStorageCopiesDeps = {
  repo: FileStorageRepo;
  queue: JobQueue;
  storage: BlobStorage;
  /** Runs `fn` with the store's client (an OAuth store refreshes its token once when it is refused). */
  withClient: <T>(row: FileStoreRow, fn: (client: StoreClient) => Promise<T>) => Promise<T>;
  log: Log;
};

/** Copies of task-run files and of scan photos and signatures, each by a job of its own after the run or scan. */
export class FileStorageCopies {
  private readonly scanStores = new Map<number, { storeId: number | null; until: number }>();

  constructor(private readonly deps: FileStorageCopiesDeps) {}

  /** Forgets what this process read about the account's scan-photo store (after the choice changed). */
  forget(accountId: number): void {
    this.scanStores.delete(accountId);
  }

  private copyView(row: FileStorageCopyRow): FileStorageCopy {
    return { id: row.id, storeName: row.store_name, state: row.state as FileStorageCopy['state'], remotePath: row.remote_path, error: row.error, attempts: row.attempts, updatedAt: row.updated_at };
  }

  async copies(accountId: number, jobId: number): Promise<FileStorageCopy[]> {
    return (await this.deps.repo.copiesOfJob(accountId, jobId)).map((r) => this.copyView(r));
  }

  /** A stored blob as an upload source; a permanent failure when it is gone. */
  private async source(key: string, what: string): Promise<UploadSource> {
    const size = await this.deps.storage.size(key);
    if (size === undefined) throw new PermanentJobError(`${what} is not there any more.`);
    return {
      size,
      open: async () => {
        const stream = await this.deps.storage.getStream(key);
        if (!stream) throw new PermanentJobError(`${what} is not there any more.`);
        return stream;
      },
    };
  }

  /**
   * Hung on the job worker's finished listener: a task run that succeeded with a file is copied to the account's
   * exports store by a job of its own, so a store that fails never fails the run.
   */
  runFinished(): (job: JobRow, state: string) => void {
    return (job, state) => {
      if (!job.type.startsWith('task.') || job.account_id === null || state !== 'succeeded') return;
      const accountId = job.account_id;
      void (async () => {
        const run = await this.deps.queue.get(accountId, job.id);
        const file = run?.result ? (JSON.parse(run.result) as { file?: JobFile }).file : undefined;
        if (!file) return;
        const store = await this.deps.repo.exportsStore(accountId);
        if (!store) return;
        const copyId = await this.deps.repo.insertCopy(accountId, job.id, store);
        await this.deps.queue.enqueue(FILE_STORAGE_COPY_JOB, { copyId, storeId: store.id, runId: job.id, file }, { accountId, maxAttempts: FILE_STORAGE_COPY_ATTEMPTS });
      })().catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'file storage copy could not be queued'));
    };
  }

  /** The copy job: streams the run's file to the store; every failure is kept on the copy for the run's page. */
  copyHandler(): JobHandler {
    return async (ctx: JobContext) => {
      const payload = ctx.payload as { copyId: number; storeId: number; runId: number; file: JobFile };
      if (ctx.accountId === null) throw new PermanentJobError('A copy needs an account.');
      const accountId = ctx.accountId;
      const copy = await this.deps.repo.getCopy(accountId, payload.copyId);
      if (!copy) throw new PermanentJobError('The copy was removed.');
      try {
        const store = await this.deps.repo.get(accountId, payload.storeId);
        if (!store) throw new PermanentJobError('The store was disconnected and removed.');
        const source = await this.source(payload.file.key, 'The run’s file');
        const name = `run-${payload.runId}-${payload.file.name}`;
        const written = await this.deps.withClient(store, (c) => c.write(name, source, payload.file.contentType));
        await this.deps.repo.updateCopy(accountId, copy.id, { state: 'copied', remote_path: written.path, error: null, attempts: ctx.attempt });
        await ctx.log(`Copied to ${store.name}: ${written.path}`);
        return { summary: `Copied to ${store.name}` };
      } catch (error) {
        const permanent = error instanceof PermanentJobError || error instanceof GrantRevoked || ctx.attempt >= FILE_STORAGE_COPY_ATTEMPTS;
        const message = storeErrorText(error);
        await this.deps.repo.updateCopy(accountId, copy.id, { state: permanent ? 'failed' : 'pending', error: permanent ? message : `${message} (attempt ${ctx.attempt} of ${FILE_STORAGE_COPY_ATTEMPTS}; trying again)`, attempts: ctx.attempt });
        throw error instanceof GrantRevoked ? new PermanentJobError(error.message) : error;
      }
    };
  }

  /** The store receiving the account's scan photos (cached briefly: read once per scan on the ingest path). */
  private async scanStore(accountId: number): Promise<number | null> {
    const cached = this.scanStores.get(accountId);
    if (cached && cached.until > Date.now()) return cached.storeId;
    const store = await this.deps.repo.scanFilesStore(accountId);
    const storeId = store?.id ?? null;
    this.scanStores.set(accountId, { storeId, until: Date.now() + SCAN_STORE_CACHE_MS });
    return storeId;
  }

  /**
   * Hung beside the webhook events (emitted once scans are stored): when the account copies scan photos, each photo
   * or signature of a new scan is queued as a job of its own. Never throws: the scan stands whatever happens here.
   */
  async scansCreated(accountId: number, events: WebhookEvent[]): Promise<void> {
    const scanIds = events.filter((e) => e.type === 'scan.created').map((e) => e.data.id as number);
    if (scanIds.length === 0) return;
    try {
      const storeId = await this.scanStore(accountId);
      if (storeId === null) return;
      for (const f of await this.deps.repo.scanFiles(accountId, scanIds)) {
        const payload: ScanFilePayload = { storeId, scanId: f.scan_id, key: f.file_key, name: `scan-${f.scan_id}-${f.answer}`, folders: [SCAN_FILES_FOLDER, folderName(f.service_name), dayIn(f.scanned_at, f.timezone)] };
        await this.deps.queue.enqueue(FILE_STORAGE_SCAN_FILE_JOB, payload, { accountId, maxAttempts: FILE_STORAGE_COPY_ATTEMPTS });
      }
    } catch (err) {
      this.deps.log.error({ err, accountId, scanIds }, 'scan photos could not be queued for file storage');
    }
  }

  /** The scan-photo job: streams one photo or signature into `Scan photos/<service>/<day>/` of the store. */
  scanFileHandler(): JobHandler {
    return async (ctx: JobContext) => {
      const p = ctx.payload as ScanFilePayload;
      if (ctx.accountId === null) throw new PermanentJobError('A copy needs an account.');
      const store = await this.deps.repo.get(ctx.accountId, p.storeId);
      if (!store) throw new PermanentJobError('The store was disconnected and removed.');
      const source = await this.source(p.key, 'The photo (its scan was deleted?)');
      const ext = p.name.split('.').pop() ?? '';
      const contentType = ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
      try {
        const written = await this.deps.withClient(store, (c) => c.write(p.name, source, contentType, p.folders));
        await ctx.log(`Copied to ${store.name}: ${written.path}`);
        return { summary: `Copied to ${store.name}`, data: { path: written.path } };
      } catch (error) {
        if (error instanceof GrantRevoked) throw new PermanentJobError(error.message);
        throw error;
      }
    };
  }
}
