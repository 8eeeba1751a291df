import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server saw of one request. */
export type SeenRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type Reply = { status?: number; headers?: Record<string, string>; body: string };

/** A real HTTP server on 127.0.0.1 for client tests: answers with `reply(request)` and records every request. */
export async function startTestServer(reply: (request: SeenRequest) => Reply) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      const answer = reply(request);
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
