import type { Readable } from 'node:stream';
import type { V2Route } from '@scanbase/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppSession, Session } from '../../auth/session.js';
import type { UploadedFile } from '../uploaded-file.js';

/** What a V2 handler receives: the validated body, the caller, and any uploaded files. */
export type V2Call<R extends V2Route> = {
  body: z.output<R['body']>;
  session: R['access'] extends 'public' ? Session | null : R['access'] extends 'app' ? AppSession : Session;
  token: string | null;
  ip: string;
  files: UploadedFile[];
  reply: FastifyReply;
};

/** Bytes instead of JSON (barcode images, job files; a stream is sent as it is read). */
export class RawReply {
  constructor(
    readonly contentType: string,
    readonly body: Buffer | string | Readable,
  ) {}
}

export type V2Handler<R extends V2Route> = (call: V2Call<R>) => Promise<z.input<R['reply']> | RawReply>;

/** A contract bound to its handler, ready to register. */
export type V2Binding = { route: V2Route; handler: V2Handler<V2Route> };

/** Binds a handler to its route contract (keeps the types of both). */
export function bindV2<R extends V2Route>(route: R, handler: V2Handler<R>): V2Binding {
  return { route, handler };
}
