import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobEntry, type BlobStorage } from './blob-storage.js';

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Blob storage in a local folder (embedded mode: `DATA_DIR/files`). Writes are atomic (temp file + rename). */
export class LocalBlobStorage implements BlobStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    const full = path.resolve(this.root, assertBlobKey(key));
    // Belt and braces: the key check already rules out `..`.
    if (!full.startsWith(this.root + path.sep)) throw new Error('blob key escapes the storage root');
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async putStream(key: string, source: Readable | AsyncIterable<Buffer | string>): Promise<number> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const out = createWriteStream(tmp);
    try {
      await pipeline(source instanceof Readable ? source : Readable.from(source), out);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
    return out.bytesWritten;
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | undefined> {
    const file = this.file(key);
    try {
      // Opening first turns a missing file into undefined instead of a stream error later.
      const handle = await fs.open(file, 'r');
      return handle.createReadStream({ highWaterMark: 256 * 1024 });
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const stat = await fs.stat(this.file(key));
      return stat.isFile() ? stat.size : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<boolean> {
    const target = this.file(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(this.file(from), target);
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }

  async list(folder: string): Promise<BlobEntry[]> {
    const dir = this.file(folder);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw error;
    }
    const out: BlobEntry[] = [];
    for (const name of names) {
      // Writes in progress (put/putStream temp files) are not stored keys yet.
      if (/\.[0-9a-f]{12}\.tmp$/.test(name)) continue;
      try {
        const stat = await fs.stat(path.join(dir, name));
        out.push({ name, folder: stat.isDirectory(), modifiedAt: stat.mtime });
      } catch (error) {
        // Removed between readdir and stat.
        if (!missing(error)) throw error;
      }
    }
    return out;
  }
}
