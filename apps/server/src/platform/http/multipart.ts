import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { BlobStorage } from '../storage/blob-storage.js';
import { HEAD_BYTES, UploadedFile } from './uploaded-file.js';

/** Files up to this size stay in memory; larger ones are streamed into blob storage. */
const IN_MEMORY_BYTES = 256 * 1024;

/** Reads one file part: in memory when small, otherwise streamed chunk by chunk into `uploads/tmp/` in blob storage. */
async function receiveFile(request: FastifyRequest, part: MultipartFile, storage: BlobStorage): Promise<UploadedFile> {
  const tooLarge = () => new request.server.multipartErrors.RequestFileTooLargeError();
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const held: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    held.push(next.value);
    size += next.value.length;
    if (size > IN_MEMORY_BYTES) {
      const head = Buffer.concat(held).subarray(0, HEAD_BYTES);
      const key = `uploads/tmp/${randomBytes(12).toString('hex')}`;
      const rest = async function* () {
        for (const c of held.splice(0)) yield c;
        for (let n = await chunks.next(); !n.done; n = await chunks.next()) yield n.value;
      };
      const written = await storage.putStream(key, rest());
      if (part.file.truncated) {
        await storage.delete(key);
        throw tooLarge();
      }
      return new UploadedFile(part.fieldname, part.filename, part.mimetype, written, Buffer.from(head), storage, { key });
    }
  }
  if (part.file.truncated) throw tooLarge();
  const data = Buffer.concat(held);
  return new UploadedFile(part.fieldname, part.filename, part.mimetype, data.length, data.subarray(0, HEAD_BYTES), storage, { data });
}

/**
 * Reads every part of a multipart request: text fields in order, files within the limit (large ones
 * spooled to blob storage). `beforeFirstFile` runs once, with the fields read so far, before the
 * first file's bytes are read: the APIs authenticate there, so an anonymous caller cannot make the
 * server store uploads. When it throws, nothing more is read.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileLimit: number,
  storage: BlobStorage,
  beforeFirstFile?: (fields: [string, string][]) => Promise<void>,
): Promise<{ fields: [string, string][]; files: UploadedFile[] }> {
  const fields: [string, string][] = [];
  const files: UploadedFile[] = [];
  let checked = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: fileLimit, files: 10, fields: 2000, fieldSize: 1_048_576 } })) {
      if (part.type === 'file') {
        if (!checked && beforeFirstFile) {
          checked = true;
          await beforeFirstFile(fields);
        }
        files.push(await receiveFile(request, part, storage));
      } else fields.push([part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value)]);
    }
  } catch (error) {
    await discardAll(files);
    throw asMalformed(error);
  }
  return { fields, files };
}

/** A multipart body that cannot be parsed (no boundary, cut short, bad part headers): the client's fault, a 400. */
export class MalformedMultipartError extends Error {
  readonly statusCode = 400;
  readonly code = 'SB_MALFORMED_MULTIPART';
}

// The parser (busboy) throws plain Errors ("Multipart: Boundary not found", "Unexpected end of form");
// ours and Fastify's carry a code or a status, and system errors a code.
function asMalformed(error: unknown): unknown {
  if (error instanceof Error && error.constructor === Error && !('code' in error) && !('statusCode' in error)) return new MalformedMultipartError(`The multipart body could not be read: ${error.message}`);
  return error;
}

/** Removes the spooled copies of uploaded files (after the handler ran). */
export async function discardAll(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((f) => f.discard().catch(() => undefined)));
}
