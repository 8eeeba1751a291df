import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import type { ColumnMapping } from './databases.import.js';
import type { DatabasesService } from './databases.service.js';

/** What starting a background import needs from the tasks module (wired in the container). */
export type ImportRunner = {
  saveSourceFile(accountId: number, file: UploadedFile | undefined): Promise<{ fileId: string; name: string }>;
  runInline(accountId: number, type: 'importdatabase', inputs: Record<string, unknown>, ownedFileIds: string[]): Promise<number>;
};

export type ImportStartOptions = { columns?: ColumnMapping | undefined; hasHeader: boolean; trim: boolean; onError: 'abort' | 'skip' };

/** Background imports of uploaded files: the file goes to blob storage, an `importdatabase` job does the rest. */
export class DatabaseImports {
  constructor(
    private readonly databases: DatabasesService,
    private readonly runner: ImportRunner,
  ) {}

  /**
   * Keeps the uploaded CSV or XLSX and queues its import; answers the job id. Without `columns`
   * the file has the legacy layout (value, response, validity; at most 3 columns).
   */
  async start(accountId: number, databaseId: number, file: UploadedFile | undefined, o: ImportStartOptions): Promise<number> {
    await this.databases.require(accountId, databaseId);
    const saved = await this.runner.saveSourceFile(accountId, file);
    const inputs = { databaseId, fileId: saved.fileId, fileName: saved.name, trimValue: o.trim, hasHeader: o.hasHeader, onError: o.onError, ...(o.columns ? { columns: o.columns } : {}) };
    return this.runner.runInline(accountId, 'importdatabase', inputs, [saved.fileId]);
  }
}
