import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from './uploaded-file.js';

/** Reads every part of a multipart request: text fields in order, files into memory within the limit. */
export async function readMultipart(request: FastifyRequest, fileLimit: number): Promise<{ fields: [string, string][]; files: UploadedFile[] }> {
  const fields: [string, string][] = [];
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: fileLimit, files: 10, fields: 2000, fieldSize: 1_048_576 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    } else {
      fields.push([part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value)]);
    }
  }
  return { fields, files };
}
