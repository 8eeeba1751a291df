import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';

type V2Reply = Awaited<ReturnType<typeof v2>>;

/** An account (admin token) with helpers to set up services and sign app users in on devices. */
export async function scanAccount(t: TestApp) {
  const owner = await signUpVerified(t);
  const admin = (path: string, body: unknown) => v2(t.app, path, body, owner.token);
  const must = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await admin(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    owner,
    admin,
    must,
    /** A database with values [value, response, validity]. */
    async database(values: [string, string, 0 | 1][], caseSensitive = false): Promise<number> {
      const db = await must('databases/create', { name: `DB ${randomUUID().slice(0, 8)}`, caseSensitive });
      for (const [value, response, validity] of values) await must('databases/add-value', { id: db.id, value, response, validity });
      return db.id as number;
    },
    async service(variables: Record<string, string | number>): Promise<number> {
      const s = await must('services/create', { variables: { service_name: `Service ${randomUUID().slice(0, 8)}`, ...variables } });
      return s.id as number;
    },
    async question(text: string, type: string, answers: string[] = []): Promise<number> {
      const q = await must('questions/create', { text, type, answers });
      return q.id as number;
    },
    /** An app user allowed on the given services. */
    async appUser(serviceIds: number[], extra: Record<string, unknown> = {}): Promise<{ username: string; password: string; id: number }> {
      const username = `scanner${randomUUID().slice(0, 8)}`;
      const password = 'scan-pass-1';
      const u = await must('appusers/create', { username, password, serviceIds, ...extra });
      return { username, password, id: u.id as number };
    },
  };
}

/** Signs an app user in on a device and answers a caller for the scanner API. */
export async function scannerSignIn(t: TestApp, user: { username: string; password: string }, udid = `device-${randomUUID()}`) {
  const res = await v2(t.app, 'app/signin', { username: user.username, password: user.password, udid, deviceName: 'Gate phone' });
  if (res.status !== 200) throw new Error(`app/signin: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.token as string;
  const call = (path: string, body: unknown): Promise<V2Reply> => v2(t.app, path, body, token);
  return {
    token,
    signIn: res.body,
    call,
    /** Submits one scan with a fresh client scan id. */
    scan: (serviceId: number, value: string, extra: Record<string, unknown> = {}) => call('app/scan', { serviceId, value, clientScanId: randomUUID(), ...extra }),
  };
}

/** A real HTTP receiver on loopback that records postbacks and answers what the test says. */
export async function startReceiver() {
  const received: { fields: URLSearchParams; contentType: string }[] = [];
  let answer: (fields: URLSearchParams) => { status?: number; body: string; delayMs?: number } = () => ({ body: '<xml><message><status>1</status><text>OK</text></message></xml>' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fields = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({ fields, contentType: String(req.headers['content-type'] ?? '') });
      const a = answer(fields);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, { 'content-type': 'text/xml' });
        res.end(a.body);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/postback`,
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

export { uniqueEmail };
