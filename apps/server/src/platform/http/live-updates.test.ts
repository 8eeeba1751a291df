import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpVerified } from '../../test/fixtures.js';
import { scanAccount, scannerSignIn } from '../../modules/scans/scans.test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => {
  await t.close();
});

/** Opens /ws and collects its messages. */
function connect(token: string): Promise<{ socket: WebSocket; messages: { topic: string; id?: number }[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
    const messages: { topic: string; id?: number }[] = [];
    const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { topic: string; id?: number }));
    socket.on('open', () => resolve({ socket, messages, closed }));
    socket.on('error', reject);
  });
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live updates over /ws', () => {
  it('sends the session’s account events and no one else’s', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const wa = await connect(a.token);
    const wb = await connect(b.token);
    await until(() => wa.messages.some((m) => m.topic === 'ready') && wb.messages.some((m) => m.topic === 'ready'));
    const jobId = await t.container.jobs.queue.enqueue('test.nothing', {}, { accountId: a.accountId });
    await until(() => wa.messages.some((m) => m.topic === 'job' && m.id === jobId));
    await new Promise((r) => setTimeout(r, 100));
    expect(wb.messages.filter((m) => m.topic === 'job')).toEqual([]);
    wa.socket.close();
    wb.socket.close();
  });

  it('accepts an app token (the portals) and sends it only the portal topics of its account', async () => {
    const a = await scanAccount(t);
    const user = await a.appUser([]);
    const portal = await scannerSignIn(t, user);
    const w = await connect(portal.token);
    await until(() => w.messages.some((m) => m.topic === 'ready'));
    await t.container.jobs.queue.enqueue('test.nothing', {}, { accountId: a.owner.accountId });
    await t.container.bus.publish({ accountId: a.owner.accountId + 100_000, topic: 'attendance', id: 1 });
    await t.container.bus.publish({ accountId: a.owner.accountId, topic: 'attendance', id: 7 });
    await until(() => w.messages.some((m) => m.topic === 'attendance'));
    expect(w.messages.filter((m) => m.topic !== 'ready')).toEqual([{ topic: 'attendance', id: 7 }]);
    w.socket.close();
  });

  it('takes an app token (the portals) and sends only its account’s check in/out events', async () => {
    const a = await scanAccount(t);
    const b = await scanAccount(t);
    const user = await a.appUser([]);
    const made = await a.must('specialized/create', { type: 'check-in-out', name: 'Door', settings: { portalUserIds: [user.id] }, userIds: [user.id] });
    const scanner = await scannerSignIn(t, user);
    const other = await scannerSignIn(t, await b.appUser([]));
    const wa = await connect(scanner.token);
    const wb = await connect(other.token);
    await until(() => wa.messages.some((m) => m.topic === 'ready') && wb.messages.some((m) => m.topic === 'ready'));
    await scanner.scan(made.id as number, 'BADGE');
    await until(() => wa.messages.some((m) => m.topic === 'checkinout' && m.id === made.id));
    await new Promise((r) => setTimeout(r, 100));
    expect(wb.messages.filter((m) => m.topic !== 'ready')).toEqual([]);
    // A signed-out app token no longer opens a socket.
    await scanner.call('app/signout', {});
    expect(await (await connect(scanner.token)).closed).toBe(4401);
    wa.socket.close();
    wb.socket.close();
  });

  it('closes at once for an unknown token', async () => {
    const w = await connect('not-a-session');
    expect(await w.closed).toBe(4401);
  });
});
