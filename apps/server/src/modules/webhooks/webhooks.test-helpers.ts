import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got. */
export type ReceivedWebhook = { headers: Record<string, string>; body: string; json: { type: string; timestamp: string; data: Record<string, unknown> } };

/** A real HTTP receiver on loopback that records webhook requests (headers, raw body) and answers what the test says. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (r: ReceivedWebhook) => { status?: number; body?: string } = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const r: ReceivedWebhook = { headers, body, json: JSON.parse(body) as ReceivedWebhook['json'] };
      received.push(r);
      const a = answer(r);
      res.writeHead(a.status ?? 200, { 'content-type': 'text/plain' });
      res.end(a.body ?? '');
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** How many connections the sender opened (kept-alive connections are reused). */
    connections: () => connections,
    /** The requests of one event type. */
    of: (type: string) => received.filter((r) => r.json.type === type),
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
