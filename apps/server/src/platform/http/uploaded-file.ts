/** A file part of a multipart request, read into memory within UPLOAD_LIMIT_BYTES. */
export type UploadedFile = { field: string; filename: string; mimetype: string; data: Buffer };
