import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { v2 } from '../../test/fixtures.js';

/** One request the provider API peer received. */
export type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A loopback HTTP server answering as the upload APIs of Google Drive, Dropbox and Microsoft Graph do, keeping
 * every request so a test can check the bytes that arrived. `refuse` makes it answer 401 to a given token.
 */
export async function startProviderApi(): Promise<{ url: string; received: Received[]; refuse: Set<string>; close(): Promise<void> }> {
  const received: Received[] = [];
  const refuse = new Set<string>();
  let next = 0;
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
  return {
    url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    received,
    refuse,
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
