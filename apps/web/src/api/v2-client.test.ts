import { me, signIn } from '@scanbase/contracts/auth';
import { v2ErrorStatus } from '@scanbase/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../session/session-store';
import { createMemoryStore } from '../session/storage';
import { RecordingNavigation } from '../test/recording-navigation';
import { startTestServer, type Reply } from '../test/http-server';
import { V2Client, V2Error, v2Url } from './v2-client';

const json = (status: number, body: unknown): Reply => ({ status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const failure = (error: keyof typeof v2ErrorStatus, message: string, details?: unknown) => json(v2ErrorStatus[error], { error, message, details });

const user = {
  adminId: 1,
  accountId: 2,
  account: 'Acme',
  accountUserId: null,
  username: 'o@example.com',
  name: 'O',
  role: 'owner',
  accountPrivileges: { user: true, webapp_login: true, billing: true },
  timezone: 'UTC',
  twoFactorSetupRequired: false,
};

let next: Reply;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeEach(async () => {
  server = await startTestServer(() => next);
});
afterEach(async () => {
  await server.close();
  vi.restoreAllMocks();
});

function setup(authenticate = true) {
  const session = new SessionStore(createMemoryStore());
  session.connect({ logout: () => Promise.resolve(), loadUser: () => Promise.resolve(null) });
  const navigation = new RecordingNavigation({ name: 'account.users', pathname: '/account/users/', search: '?page=2', authenticate });
  const client = new V2Client({ baseUrl: `${server.url}/api-v2/`, session, navigation });
  return { session, navigation, client };
}

async function failureOf(promise: Promise<unknown>): Promise<V2Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof V2Error) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('V2 client', () => {
  it('builds the URL from a trimmed path with one trailing slash', () => {
    expect(v2Url('http://h/api-v2/', ' /auth/signin/ ')).toBe('http://h/api-v2/auth/signin/');
    expect(v2Url('http://h/api-v2', 'me/get')).toBe('http://h/api-v2/me/get/');
  });

  it('POSTs JSON with the bearer token and returns the validated reply', async () => {
    const { session, client } = setup();
    session.setToken('tok');
    next = json(200, user);
    const reply = await client.call(me, {});
    expect(reply.username).toBe('o@example.com');
    const request = server.seen[0];
    expect(request?.url).toBe('/api-v2/me/get/');
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({});
  });

  it('ERROR_MAINTENANCE goes to /maintenance/', async () => {
    const { client, navigation } = setup();
    next = failure('ERROR_MAINTENANCE', 'Down for maintenance');
    const error = await failureOf(client.call(me, {}));
    expect(error.code).toBe('ERROR_MAINTENANCE');
    expect(error.message).toBe('Down for maintenance');
    expect(navigation.visited).toEqual(['/maintenance/']);
  });

  it('AUTH_FAILED signs out on an authenticated route and goes to sign-in with the target', async () => {
    const { client, navigation, session } = setup(true);
    session.setToken('tok');
    next = failure('AUTH_FAILED', 'Session expired');
    await failureOf(client.call(me, {}));
    expect(session.token).toBeNull();
    expect(navigation.visited).toEqual([`/signin?to=${encodeURIComponent('/account/users/?page=2')}`]);
  });

  it('AUTH_FAILED on a route that is not authenticated only reports the message', async () => {
    const { client, navigation, session } = setup(false);
    session.setToken('tok');
    next = failure('AUTH_FAILED', 'Email or password is incorrect.');
    const error = await failureOf(client.call(signIn, { email: 'a@example.com', password: 'x' }));
    expect(error.message).toBe('Email or password is incorrect.');
    expect(session.token).toBe('tok');
    expect(navigation.visited).toEqual([]);
  });

  it('VERIFY_EMAIL goes to /verify-email, carrying the email when the body had one', async () => {
    const { client, navigation } = setup(false);
    next = failure('VERIFY_EMAIL', 'Verify your email first');
    await failureOf(client.call(signIn, { email: 'new@example.com', password: 'longenough' }));
    expect(navigation.visited).toEqual(['/verify-email?email=new%40example.com']);
    await failureOf(client.call(me, {}));
    expect(navigation.visited[1]).toBe('/verify-email');
  });

  it('LIMIT_MINUTE signs out and goes to /limitreached/', async () => {
    const { client, navigation, session } = setup();
    session.setToken('tok');
    next = failure('LIMIT_MINUTE', 'Too many requests');
    await failureOf(client.call(me, {}));
    expect(session.token).toBeNull();
    expect(navigation.visited).toEqual(['/limitreached/']);
  });

  it('VALIDATION_FAILED carries the field issues', async () => {
    const { client } = setup(false);
    next = failure('VALIDATION_FAILED', 'Check the highlighted fields', [{ path: 'email', message: 'Enter a valid email address' }]);
    const error = await failureOf(client.call(signIn, { email: 'x@example.com', password: 'p' }));
    expect(error.status).toBe(422);
    expect(error.fieldIssues).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
  });

  it('falls back to the response body when the failure is not a JSON error', async () => {
    const { client, navigation } = setup();
    next = { status: 502, body: 'Bad gateway: upstream is restarting' };
    const error = await failureOf(client.call(me, {}));
    expect(error.code).toBe('UNKNOWN');
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad gateway: upstream is restarting');
    expect(navigation.visited).toEqual([]);
  });

  it('treats a 200 reply with an error string as a failure', async () => {
    const { client } = setup();
    next = json(200, { error: 'FORBIDDEN', message: 'Not yours' });
    const error = await failureOf(client.call(me, {}));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('logs a network failure and does not navigate', async () => {
    const { client, navigation } = setup();
    await server.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await failureOf(client.call(me, {}));
    expect(error.code).toBe('NETWORK');
    expect(errors).toHaveBeenCalled();
    expect(navigation.visited).toEqual([]);
    server = await startTestServer(() => next);
  });

  it('sends files as multipart with the parameters as JSON in `params`', async () => {
    let body: unknown;
    const session = new SessionStore(createMemoryStore());
    const client = new V2Client({
      baseUrl: 'http://127.0.0.1:9/api-v2/',
      session,
      navigation: new RecordingNavigation(),
      // jsdom's FormData cannot be streamed by Node's fetch, so this test stubs fetch at the network boundary.
      fetch: (_url, init) => {
        body = init?.body;
        return Promise.resolve(new Response(JSON.stringify(user), { status: 200 }));
      },
    });
    await client.call(me, {}, { logo: new Blob(['png']) });
    const form = body as FormData;
    expect(form.get('params')).toBe('{}');
    expect(form.get('logo')).toBeInstanceOf(Blob);
  });
});
