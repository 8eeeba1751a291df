import { Readable } from 'node:stream';
import type { BlobStorage } from '../storage/blob-storage.js';

/** How many leading bytes `head` keeps (enough to tell file formats apart). */
export const HEAD_BYTES = 4096;

/**
 * A file part of a multipart request, read within UPLOAD_LIMIT_BYTES. Small files stay in memory;
 * larger ones are streamed into blob storage as they arrive (`uploads/tmp/…`), so no upload is
 * ever held whole in memory. The HTTP plugins discard the spooled copy after the handler, unless
 * the handler kept it with `saveTo`.
 */
export class UploadedFile {
  constructor(
    readonly field: string,
    readonly filename: string,
    readonly mimetype: string,
    readonly size: number,
    /** The first bytes of the file (up to HEAD_BYTES). */
    readonly head: Buffer,
    private readonly storage: BlobStorage,
    private readonly body: { data: Buffer } | { key: string },
  ) {}

  /** The whole file in memory; callers check `size` first. */
  async buffer(): Promise<Buffer> {
    if ('data' in this.body) return this.body.data;
    const data = await this.storage.get(this.body.key);
    if (!data) throw new Error('The uploaded file is gone.');
    return data;
  }

  /** The file as a stream. */
  async stream(): Promise<Readable> {
    if ('data' in this.body) return Readable.from([this.body.data]);
    const stream = await this.storage.getStream(this.body.key);
    if (!stream) throw new Error('The uploaded file is gone.');
    return stream;
  }

  /** Keeps the file in blob storage under `key` (a rename when it was spooled). */
  async saveTo(key: string): Promise<void> {
    if ('data' in this.body) await this.storage.put(key, this.body.data);
    else if (!(await this.storage.move(this.body.key, key))) throw new Error('The uploaded file is gone.');
  }

  /** Removes the spooled copy, if any (the HTTP plugins call it once the handler is done). */
  async discard(): Promise<void> {
    if ('key' in this.body) await this.storage.delete(this.body.key);
  }
}
