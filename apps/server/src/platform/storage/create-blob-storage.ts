import type { Config } from '../../config.js';
import type { BlobStorage } from './blob-storage.js';
import { LocalBlobStorage } from './local-blob-storage.js';
import { S3BlobStorage } from './s3-blob-storage.js';

/** The blob storage the configuration names: a local folder (embedded) or an S3-compatible bucket (scaled out). */
export function createBlobStorage(storage: Config['storage']): BlobStorage {
  return storage.kind === 's3' ? new S3BlobStorage(storage) : new LocalBlobStorage(storage.dir);
}
