import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { v2 } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import { FILE_STORAGE_COPY_ATTEMPTS, FILE_STORAGE_COPY_JOB } from './file-storage-copies.js';

/** One request the provider API peer received. */
export type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A resumable upload in progress at the peer: its name and the bytes received so far. */
type Session = { name: string; total: number; data: Buffer[]; size: number };

/**
 * A loopback HTTP server answering as the upload APIs of Google Drive, Dropbox and Microsoft Graph do (simple uploads,
 * Google's resumable sessions, Dropbox upload sessions, OneDrive's createUploadSession, Dropbox's token/revoke),
 * keeping every request so a test can check the bytes that arrived, and every finished resumable upload in `files`
 * by name. `refuse` makes it answer 401 to a given token.
 */
export async function startProviderApi(): Promise<{ url: string; received: Received[]; refuse: Set<string>; files: Map<string, Buffer>; close(): Promise<void> }> {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const files = new Map<string, Buffer>();
  const sessions = new Map<string, Session>();
  let next = 0;
  let base = '';
  /** Adds a chunk at `offset` (refused unless it continues the session); the file when the last byte arrived. */
  const append = (id: string, offset: number, chunk: Buffer): Session | 'out of order' | undefined => {
    const s = sessions.get(id);
    if (!s || offset !== s.size) return 'out of order';
    s.data.push(chunk);
    s.size += chunk.length;
    if (s.size < s.total) return undefined;
    files.set(s.name, Buffer.concat(s.data));
    sessions.delete(id);
    return s;
  };
  const contentRange = (header: string | undefined) => {
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
    return m ? { first: Number(m[1]), last: Number(m[2]), total: Number(m[3]) } : undefined;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (refuse.has(token)) return json(401, { error: { message: 'Invalid Credentials' } });
      next += 1;
      const arg = () => JSON.parse(String(req.headers['dropbox-api-arg'])) as { path?: string; close?: boolean; cursor?: { session_id: string; offset: number }; commit?: { path: string } };
      // Google Drive: a resumable session, then chunks with Content-Range (308 until the last).
      if (r.method === 'POST' && r.url.startsWith('/upload/drive/v3/files?uploadType=resumable')) {
        const id = `gs${next}`;
        sessions.set(id, { name: (JSON.parse(r.body.toString()) as { name: string }).name, total: Number(req.headers['x-upload-content-length']), data: [], size: 0 });
        res.writeHead(200, { location: `${base}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}` });
        return res.end();
      }
      if (r.method === 'PUT' && r.url.startsWith('/upload/drive/v3/files?uploadType=resumable&upload_id=')) {
        const range = contentRange(req.headers['content-range']);
        const done = range ? append(new URL(r.url, base).searchParams.get('upload_id')!, range.first, r.body) : 'out of order';
        if (done === 'out of order') return json(400, { error: { message: 'Bad Content-Range' } });
        if (!done) {
          res.writeHead(308, { range: `bytes=0-${range!.last}` });
          return res.end();
        }
        return json(200, { id: `g${next}`, name: done.name });
      }
      // Dropbox upload sessions.
      if (r.method === 'POST' && r.url === '/2/files/upload_session/start') {
        const id = `ds${next}`;
        sessions.set(id, { name: '', total: Number.MAX_SAFE_INTEGER, data: [r.body], size: r.body.length });
        return json(200, { session_id: id });
      }
      if (r.method === 'POST' && r.url === '/2/files/upload_session/append_v2') {
        const { cursor } = arg();
        return append(cursor!.session_id, cursor!.offset, r.body) === 'out of order' ? json(409, { error_summary: 'lookup_failed/incorrect_offset/' }) : json(200, null);
      }
      if (r.method === 'POST' && r.url === '/2/files/upload_session/finish') {
        const { cursor, commit } = arg();
        const s = sessions.get(cursor!.session_id);
        if (!s || s.size !== cursor!.offset) return json(409, { error_summary: 'lookup_failed/incorrect_offset/' });
        files.set(commit!.path, Buffer.concat(s.data));
        sessions.delete(cursor!.session_id);
        return json(200, { id: `id:${next}`, path_display: commit!.path, path_lower: commit!.path.toLowerCase() });
      }
      if (r.method === 'POST' && r.url === '/2/auth/token/revoke') return json(200, null);
      // OneDrive: createUploadSession, then chunks to the upload URL (202 until the last).
      if (r.method === 'POST' && r.url.startsWith('/v1.0/me/drive/root:/') && r.url.endsWith(':/createUploadSession')) {
        const id = `os${next}`;
        const name = decodeURIComponent(r.url.slice('/v1.0/me/drive/root:/'.length, -':/createUploadSession'.length));
        sessions.set(id, { name, total: -1, data: [], size: 0 });
        return json(200, { uploadUrl: `${base}/upload-session/${id}` });
      }
      if (r.method === 'PUT' && r.url.startsWith('/upload-session/')) {
        const id = r.url.slice('/upload-session/'.length);
        const range = contentRange(req.headers['content-range']);
        const s = sessions.get(id);
        if (s && range && s.total === -1) s.total = range.total;
        const done = range ? append(id, range.first, r.body) : 'out of order';
        if (done === 'out of order') return json(416, { error: { message: 'The uploaded fragment overlaps' } });
        if (!done) return json(202, { nextExpectedRanges: [`${range!.last + 1}-`] });
        return json(201, { id: `o${next}`, name: done.name.split('/').pop() });
      }
      if (r.method === 'POST' && r.url.startsWith('/upload/drive/v3/files')) return json(200, { id: `g${next}`, name: 'x' });
      if (r.method === 'DELETE' && r.url.startsWith('/drive/v3/files/')) return json(204, {});
      if (r.method === 'POST' && r.url === '/2/files/upload') {
        const arg = JSON.parse(String(req.headers['dropbox-api-arg'])) as { path: string };
        return json(200, { id: `id:${next}`, path_display: arg.path, path_lower: arg.path.toLowerCase() });
      }
      if (r.method === 'POST' && r.url === '/2/files/delete_v2') return json(200, { metadata: {} });
      if (r.method === 'PUT' && r.url.startsWith('/v1.0/me/drive/root:/')) return json(201, { id: `o${next}`, name: decodeURIComponent(r.url.split('/').pop()!.split(':')[0]!) });
      if (r.method === 'DELETE' && r.url.startsWith('/v1.0/me/drive/items/')) return json(204, {});
      json(404, { error: 'no such endpoint' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url: base,
    received,
    refuse,
    files,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** An OAuth 2 authorization server on loopback (oauth2-mock-server: auto-approves the consent page). */
export async function startAuthorizationServer(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  return server;
}

/** The env that points the three providers at loopback. */
export function providerEnv(servers: Record<'GOOGLE' | 'DROPBOX' | 'ONEDRIVE', OAuth2Server>, apiUrl: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [p, server] of Object.entries(servers)) {
    env[`FILE_STORAGE_${p}_CLIENT_ID`] = `scanbase-${p.toLowerCase()}`;
    env[`FILE_STORAGE_${p}_CLIENT_SECRET`] = `secret-${p.toLowerCase()}`;
    env[`FILE_STORAGE_${p}_ISSUER`] = server.issuer.url!;
    env[`FILE_STORAGE_${p}_API_URL`] = apiUrl;
  }
  return env;
}

/** Plays the browser: starts a connection, follows the consent page, answers the return page's query. */
export async function consent(app: FastifyInstance, token: string, kind: string): Promise<Record<string, string>> {
  const started = await v2(app, 'filestorage/oauth-start', { kind }, token);
  if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
  const res = await fetch(started.body.url as string, { redirect: 'manual' });
  return Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams);
}

/** Connects a provider end to end; answers the finish reply. */
export async function connectProvider(app: FastifyInstance, token: string, kind: string) {
  const query = await consent(app, token, kind);
  return v2(app, 'filestorage/oauth-finish', { kind, code: query.code, state: query.state, error: query.error, errorDescription: query.error_description }, token);
}

let seeded = 0;

/**
 * A task run's file `big.bin` handed to the real copy job, as a run that finished with it would: the bytes are stored,
 * the copy recorded and the job queued. Answers the run id the copy is listed under.
 */
export async function seedCopy(t: TestApp, accountId: number, storeId: number, data: Buffer): Promise<number> {
  seeded += 1;
  const runId = 900_000 + seeded;
  const key = `accounts/${accountId}/task-files/seeded-${runId}.bin`;
  await t.container.storage.put(key, data, 'application/octet-stream');
  const now = new Date().toISOString();
  const copy = await t.container.db.kysely
    .insertInto('file_storage_copies')
    .values({ account_id: accountId, job_id: runId, store_id: storeId, store_name: 'seeded', state: 'pending', remote_path: '', error: null, attempts: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = { key, name: 'big.bin', contentType: 'application/octet-stream', size: data.length };
  await t.container.jobs.queue.enqueue(FILE_STORAGE_COPY_JOB, { copyId: copy.id, storeId, runId, file }, { accountId, maxAttempts: FILE_STORAGE_COPY_ATTEMPTS });
  return runId;
}
