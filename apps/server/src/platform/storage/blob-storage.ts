import type { Readable } from 'node:stream';

/**
 * The blob storage port: photos, logos, exports and imports are stored by key.
 *
 * Adapters: `LocalBlobStorage` (a folder under DATA_DIR, embedded mode). The S3-compatible
 * adapter (`S3_*` settings) comes with scale-out; it implements this same type, and the
 * contract tests in blob-storage.test.ts are written to run against both.
 */
export type BlobStorage = {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Stores a stream under the key chunk by chunk (never whole in memory); answers the bytes written. Nothing is stored when the stream fails. */
  putStream(key: string, source: Readable | AsyncIterable<Buffer | string>, contentType?: string): Promise<number>;
  /** The bytes under the key, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the bytes under the key, or undefined when there are none. */
  getStream(key: string): Promise<Readable | undefined>;
  /** The size in bytes, or undefined when there is nothing under the key. */
  size(key: string): Promise<number | undefined>;
  /** Renames a key (replacing what was under `to`); false when there was nothing under `from`. */
  move(from: string, to: string): Promise<boolean>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** What lies directly under a folder prefix (`accounts/12/task-files`): stored keys' last segments with their last change, and sub-folders; nothing for a missing folder. */
  list(folder: string): Promise<BlobEntry[]>;
};

/** One name under a folder: a stored key (with when it was last written) or a sub-folder. */
export type BlobEntry = { name: string; folder: boolean; modifiedAt: Date };

/** Thrown for a key that could escape its folder or is not portable across adapters. */
export class InvalidBlobKeyError extends Error {}

// Segments of letters, digits, dot, dash and underscore; no empty, `.` or `..` segments, so a
// key can never climb out of the storage root. Also valid as an S3 object key.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Checks a key like `accounts/12/barcode-logos/logo-ab12.png`; throws InvalidBlobKeyError otherwise. */
export function assertBlobKey(key: string): string {
  if (key.length === 0 || key.length > 512) throw new InvalidBlobKeyError('Blob keys are 1-512 characters long.');
  const segments = key.split('/');
  for (const s of segments) {
    if (!SEGMENT.test(s) || s === '.' || s === '..') throw new InvalidBlobKeyError(`Invalid blob key segment: ${JSON.stringify(s)}`);
  }
  return key;
}
