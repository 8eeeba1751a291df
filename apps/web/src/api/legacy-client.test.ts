import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../session/session-store';
import { createMemoryStore } from '../session/storage';
import { RecordingNavigation } from '../test/recording-navigation';
import { startTestServer, type Reply } from '../test/http-server';
import { LegacyClient } from './legacy-client';
import { OnlineStatus } from './online-status';
import { xmlList, xmlNode, xmlText } from './xml';

const ok = (inner: string): Reply => ({ body: `<?xml version="1.0" encoding="UTF-8"?><xml><status>1</status>${inner}</xml>`, headers: { 'Content-Type': 'text/xml' } });
const fail = (code: number, text: string): Reply => ({ body: `<?xml version="1.0" encoding="UTF-8"?><xml><status>0</status><error code="${code}">${text}</error></xml>` });

let next: Reply = ok('');
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeEach(async () => {
  next = ok('');
  server = await startTestServer(() => next);
});
afterEach(async () => {
  await server.close();
  vi.restoreAllMocks();
});

function setup(place?: ConstructorParameters<typeof RecordingNavigation>[0]) {
  const session = new SessionStore(createMemoryStore());
  session.connect({ logout: () => Promise.resolve(), loadUser: () => Promise.resolve(null) });
  const navigation = new RecordingNavigation(place);
  const online = new OnlineStatus(true);
  const client = new LegacyClient({ baseUrl: `${server.url}/api/`, session, navigation, online });
  return { session, navigation, online, client };
}

describe('legacy client', () => {
  it('POSTs section, action, parameters and website_token as form fields, and decodes the reply', async () => {
    const { session, client } = setup();
    session.setToken('tok-9');
    next = ok('<count>1</count><admin id="5"><username>a@example.com</username></admin>');
    const reply = await client.call('admin', 'retrieve', { add_properties: 1, accountUserId: undefined });
    const request = server.seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ section: 'admin', action: 'retrieve', add_properties: '1', website_token: 'tok-9' });
    expect(reply.message.status).toBe(1);
    const admin = xmlNode(xmlList(reply.xml.admin)[0]);
    expect(admin?._id).toBe('5');
    expect(xmlText(admin?.username)).toBe('a@example.com');
  });

  it('sends files as multipart with the fields alongside', async () => {
    // jsdom's FormData cannot be streamed by Node's fetch, so this one test stubs fetch at the network boundary.
    let body: unknown;
    const session = new SessionStore(createMemoryStore());
    session.setToken('tok');
    const client = new LegacyClient({
      baseUrl: 'http://127.0.0.1:9/api/',
      session,
      navigation: new RecordingNavigation(),
      online: new OnlineStatus(),
      fetch: (_url, init) => {
        body = init?.body;
        return Promise.resolve(new Response('<xml><status>1</status></xml>'));
      },
    });
    const file = new Blob(['value\n1'], { type: 'text/csv' });
    const reply = await client.call('database', 'upload', { database_id: 3 }, { file });
    expect(reply.message.status).toBe(1);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['section', 'action', 'database_id', 'website_token', 'file']);
    expect(form.get('section')).toBe('database');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('sets the online flag true after a parsed reply and false after an empty one', async () => {
    const { client, online } = setup();
    next = { body: '' };
    await client.call('x', 'y');
    expect(online.online).toBe(false);
    next = ok('');
    await client.call('x', 'y');
    expect(online.online).toBe(true);
  });

  it('answers an empty result with status -1 on crapp.edit_scan and account.scans.edit only', async () => {
    for (const name of ['crapp.edit_scan', 'account.scans.edit']) {
      const { client } = setup({ name, pathname: '/x', search: '', authenticate: true });
      next = { body: '' };
      expect((await client.call('scan', 'edit')).message.status).toBe(-1);
    }
    const { client } = setup({ name: 'account.services', pathname: '/account/services/', search: '', authenticate: true });
    expect((await client.call('scan', 'edit')).message.status).toBe(0);
  });

  it('code 41 goes to /maintenance/ unless already there', async () => {
    const { client, navigation } = setup();
    next = fail(41, 'The service is down for maintenance.');
    const reply = await client.call('a', 'b');
    expect(reply.error).toEqual({ code: 41, text: 'The service is down for maintenance.' });
    expect(navigation.visited).toEqual(['/maintenance/']);
    navigation.place = { name: 'app.maintenance', pathname: '/maintenance/', search: '', authenticate: false };
    await client.call('a', 'b');
    expect(navigation.visited).toEqual(['/maintenance/']);
  });

  it('code 111 signs out and goes to /limitreached/', async () => {
    const { client, navigation, session } = setup();
    session.setToken('t');
    next = fail(111, 'API call limit per minute exceeded.');
    await client.call('a', 'b');
    expect(session.token).toBeNull();
    expect(navigation.visited).toEqual(['/limitreached/']);
  });

  it('code 101 destroys the token and goes to /signin?to=<current path>', async () => {
    const { client, navigation, session } = setup({ name: 'account.databases', pathname: '/account/databases/', search: '?page=2', authenticate: true });
    session.setToken('t');
    next = fail(101, 'API key is missing.');
    await client.call('a', 'b');
    expect(session.token).toBeNull();
    expect(navigation.visited).toEqual([`/signin?to=${encodeURIComponent('/account/databases/?page=2')}`]);
  });

  it('code 101 on attendance, shared-preview and check-in/out routes goes to their own sign-in', async () => {
    const cases = [
      { name: 'AP.home', expected: '/attendance/signin/?referenceState=AP.home&referenceParams=%7B%22a%22%3A%221%22%7D' },
      { name: 'CIO.index', expected: '/checkinout/signin/?referenceState=CIO.index&referenceParams=%7B%22a%22%3A%221%22%7D' },
      { name: 'UP.scans', expected: '/share/preview/login/?a=1' },
    ];
    for (const { name, expected } of cases) {
      const { client, navigation, session } = setup({ name, pathname: '/p/', search: '?a=1', authenticate: true });
      session.setToken('t');
      next = fail(101, 'missing');
      await client.call('a', 'b');
      expect(navigation.visited).toEqual([expected]);
    }
  });

  it('logs a network failure and changes nothing else', async () => {
    const { client, navigation, session } = setup();
    session.setToken('t');
    await server.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = await client.call('a', 'b');
    expect(reply.networkError).toBe(true);
    expect(errors).toHaveBeenCalled();
    expect(navigation.visited).toEqual([]);
    expect(session.token).toBe('t');
    server = await startTestServer(() => next);
  });
});
