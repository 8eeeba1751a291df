import fs from 'node:fs/promises';

// A small POSIX tar (ustar, with PAX headers for long paths) writer and reader for backups: the
// archive opens with any `tar`, and file contents are copied in chunks, never held in memory.

const BLOCK = 512;
const CHUNK = 1 << 20;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtimeSeconds: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(mtimeSeconds, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** A PAX record `"<len> path=<value>\n"`, where len counts the whole record including itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return Buffer.from(`${len}${body}`, 'utf8');
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes a tar archive entry by entry; `close()` writes the end marker. */
export class TarWriter {
  private constructor(private readonly out: fs.FileHandle) {}

  /** Creates (or truncates) the archive file. */
  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await fs.open(file, 'w'));
  }

  private async entryHeader(name: string, size: number, mtimeSeconds: number): Promise<void> {
    if (Buffer.byteLength(name) > 100) {
      const pax = paxRecord('path', name);
      await this.out.write(Buffer.concat([header('PaxHeader', pax.length, 'x', mtimeSeconds), pax, padding(pax.length)]));
    }
    await this.out.write(header(Buffer.byteLength(name) > 100 ? name.slice(0, 99) : name, size, '0', mtimeSeconds));
  }

  /** Adds a file with the given bytes. */
  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.entryHeader(name, data.length, Math.floor(Date.now() / 1000));
    await this.out.write(Buffer.concat([data, padding(data.length)]));
  }

  /** Adds a file copied from disk; answers its size (the size at open: a file growing meanwhile is cut there). */
  async addFile(name: string, source: string): Promise<number> {
    const input = await fs.open(source, 'r');
    try {
      const stat = await input.stat();
      await this.entryHeader(name, stat.size, Math.floor(stat.mtimeMs / 1000));
      const buffer = Buffer.alloc(CHUNK);
      let copied = 0;
      while (copied < stat.size) {
        const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, stat.size - copied), copied);
        if (bytesRead === 0) throw new Error(`${source} shrank while it was being backed up.`);
        await this.out.write(buffer.subarray(0, bytesRead));
        copied += bytesRead;
      }
      await this.out.write(padding(stat.size));
      return stat.size;
    } finally {
      await input.close();
    }
  }

  /** Writes the end-of-archive marker, flushes to disk and closes the file. */
  async close(): Promise<void> {
    await this.out.write(Buffer.alloc(BLOCK * 2));
    await this.out.sync();
    await this.out.close();
  }
}

/** One regular file in an archive: its path, size and where its bytes start. */
export type TarEntry = { name: string; size: number; offset: number };

function field(h: Buffer, start: number, length: number): string {
  const raw = h.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Lists the regular files of a tar archive (directories and links are skipped). */
export async function readTarIndex(file: string): Promise<TarEntry[]> {
  const input = await fs.open(file, 'r');
  try {
    const total = (await input.stat()).size;
    const entries: TarEntry[] = [];
    const h = Buffer.alloc(BLOCK);
    let position = 0;
    let longName: string | undefined;
    while (position + BLOCK <= total) {
      await input.read(h, 0, BLOCK, position);
      if (h.every((b) => b === 0)) break;
      const size = parseInt(field(h, 124, 12).trim() || '0', 8);
      const type = field(h, 156, 1);
      const magic = field(h, 257, 6);
      const prefix = magic.startsWith('ustar') ? field(h, 345, 155) : '';
      const name = longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
      const dataAt = position + BLOCK;
      if (!Number.isFinite(size) || size < 0 || dataAt + size > total) throw new Error('The backup file is damaged or cut short.');
      if (type === 'x') {
        const pax = Buffer.alloc(size);
        await input.read(pax, 0, size, dataAt);
        longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(pax.toString('utf8'))?.[1];
      } else {
        if (type === '0' || type === '') entries.push({ name, size, offset: dataAt });
        longName = undefined;
      }
      position = dataAt + size + padding(size).length;
    }
    return entries;
  } finally {
    await input.close();
  }
}

/** Copies one entry's bytes out of the archive into `target` (written to a temp file, then renamed). */
export async function extractEntry(file: string, entry: TarEntry, target: string): Promise<void> {
  const input = await fs.open(file, 'r');
  const tmp = `${target}.restoring`;
  const output = await fs.open(tmp, 'w');
  try {
    const buffer = Buffer.alloc(CHUNK);
    let copied = 0;
    while (copied < entry.size) {
      const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, entry.size - copied), entry.offset + copied);
      if (bytesRead === 0) throw new Error('The backup file is cut short.');
      await output.write(buffer.subarray(0, bytesRead));
      copied += bytesRead;
    }
  } finally {
    await output.close();
    await input.close();
  }
  await fs.rename(tmp, target);
}

/** Reads a small entry (the manifest) into memory. */
export async function readEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const input = await fs.open(file, 'r');
  try {
    const data = Buffer.alloc(entry.size);
    await input.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await input.close();
  }
}
