import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Server } from 'oauth2-mock-server';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';
import { connectProvider, consent, providerEnv, seedCopy, startAuthorizationServer, startProviderApi } from './file-storage.test-helpers.js';

/**
 * Google Drive, Dropbox and OneDrive against real OAuth 2 peers on loopback: oauth2-mock-server is each provider's
 * authorization server (consent auto-approved, PKCE checked, real tokens), and a loopback HTTP server answers as
 * their upload APIs, so the test sees the bytes that arrive and the bearer token they came with.
 */

type Kind = 'google_drive' | 'dropbox' | 'onedrive';
type TokenResponse = { body: Record<string, unknown>; statusCode: number };
type TokenRequest = { body: Record<string, string> };

let t: TestApp;
let api: Awaited<ReturnType<typeof startProviderApi>>;
const servers = {} as Record<'GOOGLE' | 'DROPBOX' | 'ONEDRIVE', OAuth2Server>;
const serverOf: Record<Kind, 'GOOGLE' | 'DROPBOX' | 'ONEDRIVE'> = { google_drive: 'GOOGLE', dropbox: 'DROPBOX', onedrive: 'ONEDRIVE' };
/** Grant types the token endpoints were asked for, in order. */
const grants: string[] = [];
/** Tokens the authorization servers were asked to revoke, by server. */
const revoked: { server: string; token: string }[] = [];
/** Large files go in chunks of 1,280 KiB above 2 MiB here (production: 10 MiB chunks above 8 MiB). */
const CHUNK = 1_310_720;

beforeAll(async () => {
  api = await startProviderApi();
  for (const p of ['GOOGLE', 'DROPBOX', 'ONEDRIVE'] as const) {
    servers[p] = await startAuthorizationServer();
    servers[p].service.on('beforeResponse', (_res: TokenResponse, req: TokenRequest) => grants.push(req.body.grant_type ?? ''));
    // The mock answers the revocation without reading its form: the test reads it.
    servers[p].service.on('beforeRevoke', (_res: unknown, req: IncomingMessage) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => revoked.push({ server: p, token: new URLSearchParams(Buffer.concat(chunks).toString()).get('token') ?? '' }));
    });
  }
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', FILE_STORAGE_LARGE_FILE_BYTES: String(2 * 1_048_576), FILE_STORAGE_CHUNK_BYTES: String(CHUNK), ...providerEnv(servers, api.url) });
  t.container.jobs.worker().start();
});
afterAll(async () => {
  await t?.container.jobs.worker().stop();
  await t?.close();
  await api?.close();
  for (const s of Object.values(servers)) await s.stop();
});

function bearer(index: number): string {
  return String(api.received[index]?.headers.authorization ?? '').replace(/^Bearer /, '');
}

describe('connecting a provider by OAuth 2', () => {
  for (const kind of ['google_drive', 'dropbox', 'onedrive'] as const) {
    it(`connects ${kind} through its consent page, keeps the tokens encrypted and writes and deletes a test file`, async () => {
      const owner = await signUpVerified(t);
      const started = await v2(t.app, 'filestorage/oauth-start', { kind }, owner.token);
      const url = new URL(started.body.url as string);
      expect(url.origin).toBe(new URL(servers[serverOf[kind]].issuer.url!).origin);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(`http://scanbase.test/account/integrations/file-storage/${kind === 'google_drive' ? 'google-drive' : kind}/return/`);

      const done = await connectProvider(t.app, owner.token, kind);
      expect(done.body).toMatchObject({ ok: true, store: { kind, status: 'connected', forExports: false } });
      const id = (done.body.store as { id: number }).id;
      const row = await t.container.db.kysely.selectFrom('file_stores').select('secret_enc').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.secret_enc).toMatch(/^v1\./);
      expect(row.secret_enc).not.toContain('refresh');

      const before = api.received.length;
      const tested = await v2(t.app, 'filestorage/test', { id }, owner.token);
      expect(tested.body).toMatchObject({ ok: true, steps: [{ step: 'connect', ok: true }, { step: 'write', ok: true }, { step: 'delete', ok: true }] });
      const [write, remove] = api.received.slice(before);
      expect(write!.body.toString()).toContain('Scanbase connection test');
      expect(bearer(before)).not.toBe('');
      expect(remove!.method === 'DELETE' || remove!.url === '/2/files/delete_v2').toBe(true);
    });
  }

  it('shows the provider’s error and error_description on the return page', async () => {
    const owner = await signUpVerified(t);
    const query = await consent(t.app, owner.token, 'dropbox');
    const done = await v2(t.app, 'filestorage/oauth-finish', { kind: 'dropbox', state: query.state, error: 'access_denied', errorDescription: 'The user chose not to give your app access' }, owner.token);
    expect(done.body).toEqual({ ok: false, message: 'Dropbox did not allow the connection: The user chose not to give your app access (access_denied)' });
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toEqual([]);
  });

  it('refuses a state it did not hand out, one of another login, and one used already', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const query = await consent(t.app, owner.token, 'google_drive');
    const forged = await v2(t.app, 'filestorage/oauth-finish', { kind: 'google_drive', code: query.code, state: `${query.state}x` }, owner.token);
    expect(forged.body).toMatchObject({ ok: false, message: expect.stringContaining('not started by you') as unknown });
    const stolen = await v2(t.app, 'filestorage/oauth-finish', { kind: 'google_drive', code: query.code, state: query.state }, other.token);
    expect(stolen.body).toMatchObject({ ok: false, message: expect.stringContaining('not started by you') as unknown });
    expect((await v2(t.app, 'filestorage/list', {}, other.token)).body.items).toEqual([]);
    const wrongPage = await v2(t.app, 'filestorage/oauth-finish', { kind: 'onedrive', code: query.code, state: query.state }, owner.token);
    expect(wrongPage.body).toMatchObject({ ok: false, message: expect.stringContaining('started for Google Drive') as unknown });
    // The state was used up by the wrong page: the right one cannot use it again.
    const again = await v2(t.app, 'filestorage/oauth-finish', { kind: 'google_drive', code: query.code, state: query.state }, owner.token);
    expect(again.body).toMatchObject({ ok: false });
  });

  it('refreshes an expired access token, and shows the store disconnected once the grant is revoked', async () => {
    const owner = await signUpVerified(t);
    const server = servers.ONEDRIVE;
    // The first token lives one second: Scanbase must refresh before using it.
    server.service.once('beforeResponse', (res: TokenResponse) => (res.body.expires_in = 1));
    const done = await connectProvider(t.app, owner.token, 'onedrive');
    const id = (done.body.store as { id: number }).id;
    const firstToken = await accessTokenOf(id);
    grants.length = 0;
    // The refreshed token differs from the first one (both are signed within the same second).
    server.service.once('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => (token.payload.generation = 2));
    const before = api.received.length;
    expect((await v2(t.app, 'filestorage/test', { id }, owner.token)).body).toMatchObject({ ok: true });
    expect(grants).toEqual(['refresh_token']);
    expect(bearer(before)).not.toBe(firstToken);
    expect(bearer(before)).toBe(await accessTokenOf(id));

    // A token the API refuses (401) is refreshed once; a refresh answered invalid_grant disconnects the store.
    api.refuse.add(await accessTokenOf(id));
    server.service.once('beforeResponse', (res: TokenResponse) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant', error_description: 'The refresh token was revoked' };
    });
    const revoked = await v2(t.app, 'filestorage/test', { id }, owner.token);
    expect(revoked.body).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: true }, { step: 'write', ok: false, message: expect.stringContaining('The refresh token was revoked') as unknown }] });
    const list = await v2(t.app, 'filestorage/list', {}, owner.token);
    expect(list.body.items).toMatchObject([{ id, status: 'disconnected', lastError: expect.stringContaining('Connect it again') as unknown }]);
    expect((await v2(t.app, 'filestorage/targets', { exportsStoreId: id }, owner.token)).status).toBe(409);
  });

  it('is the account’s own: another account cannot test, choose or remove it', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const id = ((await connectProvider(t.app, owner.token, 'dropbox')).body.store as { id: number }).id;
    expect((await v2(t.app, 'filestorage/test', { id }, other.token)).status).toBe(404);
    expect((await v2(t.app, 'filestorage/disconnect', { id }, other.token)).status).toBe(404);
    await v2(t.app, 'filestorage/targets', { exportsStoreId: id }, other.token);
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toMatchObject([{ id, forExports: false }]);
    expect((await v2(t.app, 'filestorage/disconnect', { id }, owner.token)).status).toBe(200);
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toEqual([]);
  });
});

describe('disconnecting revokes the grant at the provider', () => {
  it('revokes Google’s refresh token at its revocation endpoint and Dropbox’s token by token/revoke; Microsoft has none', async () => {
    const owner = await signUpVerified(t);
    const google = ((await connectProvider(t.app, owner.token, 'google_drive')).body.store as { id: number }).id;
    const refresh = await tokensOf(google);
    revoked.length = 0;
    const g = await v2(t.app, 'filestorage/disconnect', { id: google }, owner.token);
    expect(g.body).toEqual({ ok: true, revoke: 'revoked', message: 'Google Drive is disconnected, and Google Drive confirmed that Scanbase’s access is revoked.' });
    expect(await waitFor('revocation', () => Promise.resolve([...revoked]), (r) => r.length > 0)).toEqual([{ server: 'GOOGLE', token: refresh.refreshToken }]);

    const dropbox = ((await connectProvider(t.app, owner.token, 'dropbox')).body.store as { id: number }).id;
    const access = (await tokensOf(dropbox)).accessToken;
    const before = api.received.length;
    const d = await v2(t.app, 'filestorage/disconnect', { id: dropbox }, owner.token);
    expect(d.body).toMatchObject({ ok: true, revoke: 'revoked' });
    expect(api.received.slice(before).map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['POST', '/2/auth/token/revoke', `Bearer ${access}`]]);

    const onedrive = ((await connectProvider(t.app, owner.token, 'onedrive')).body.store as { id: number }).id;
    const o = await v2(t.app, 'filestorage/disconnect', { id: onedrive }, owner.token);
    expect(o.body).toMatchObject({ ok: true, revoke: 'not_supported', message: expect.stringContaining('Microsoft offers apps no way') as unknown });
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toEqual([]);
  });

  it('still disconnects when the provider refuses the revocation, and says so', async () => {
    const owner = await signUpVerified(t);
    const id = ((await connectProvider(t.app, owner.token, 'google_drive')).body.store as { id: number }).id;
    servers.GOOGLE.service.once('beforeRevoke', (res: { statusCode: number }) => (res.statusCode = 503));
    const reply = await v2(t.app, 'filestorage/disconnect', { id }, owner.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ok: true, revoke: 'failed', message: expect.stringMatching(/^Google Drive is disconnected here, but Google Drive did not confirm .* Remove Scanbase from the apps of your Google Drive account\.$/) as unknown });
    expect((await v2(t.app, 'filestorage/list', {}, owner.token)).body.items).toEqual([]);
  });
});

describe('large files', () => {
  for (const kind of ['google_drive', 'dropbox', 'onedrive'] as const) {
    it(`sends a file above the threshold to ${kind} through its resumable upload, in chunks`, async () => {
      const owner = await signUpVerified(t);
      const id = ((await connectProvider(t.app, owner.token, kind)).body.store as { id: number }).id;
      await v2(t.app, 'filestorage/targets', { exportsStoreId: id }, owner.token);
      const data = randomBytes(3 * CHUNK + 4321);
      const before = api.received.length;
      const runId = await seedCopy(t, owner.accountId, id, data);
      const copied = await waitFor('copy', () => v2(t.app, 'filestorage/copies', { jobId: runId }, owner.token), (r) => ['copied', 'failed'].includes((r.body.items as { state: string }[])[0]?.state ?? ''));
      expect(copied.body.items, JSON.stringify(copied.body)).toMatchObject([{ state: 'copied' }]);
      const name = { google_drive: `Scanbase run-${runId}-big.bin`, dropbox: `/Scanbase/run-${runId}-big.bin`, onedrive: `Scanbase/run-${runId}-big.bin` }[kind];
      expect(api.files.get(name)?.equals(data)).toBe(true);
      // Four chunks, none larger than the chunk size: the file was never sent (or held) whole.
      const chunks = api.received.slice(before).filter((r) => r.body.length > 1000);
      expect(chunks.map((r) => r.body.length)).toEqual([CHUNK, CHUNK, CHUNK, 4321]);
      if (kind === 'onedrive') expect(chunks.every((r) => r.headers.authorization === undefined)).toBe(true);
    });
  }
});

describe('scan photos at the providers', () => {
  it('puts each photo into Scan photos/<service>/<day>/ at Dropbox and OneDrive, and a prefixed name at Google Drive', async () => {
    // The smallest PNG the scan API accepts: the signature is what it checks.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    for (const kind of ['google_drive', 'dropbox', 'onedrive'] as const) {
      const a = await scanAccount(t);
      const id = ((await connectProvider(t.app, a.owner.token, kind)).body.store as { id: number }).id;
      await v2(t.app, 'filestorage/targets', { exportsStoreId: id, copyScanFiles: true }, a.owner.token);
      const photo = await a.question('Photo', 'dropboximage');
      const service = await a.service({ validation_method: 'record', service_name: `Dock ${kind}` });
      await a.must('services/set-questions', { id: service, questions: [{ id: photo, condition: 'pre_submit', required: false }] });
      const scanner = await scannerSignIn(t, await a.appUser([service]));
      const scanned = await scanner.scan(service, 'BOX-1', { answers: [{ questionId: photo, values: [], image: `data:image/png;base64,${png.toString('base64')}` }] });
      const scanId = scanned.body.scanId as number;
      const file = `scan-${scanId}-photo-${photo}.png`;
      const upload = await waitFor(
        `${kind} photo`,
        () => Promise.resolve(api.received.find((r) => r.body.includes(png) && [r.url, String(r.headers['dropbox-api-arg'] ?? ''), r.body.toString('latin1')].some((text) => text.includes(encodeURIComponent(file)) || text.includes(file)))),
        (r) => r !== undefined,
      );
      const day = /\d{4}-\d{2}-\d{2}/;
      if (kind === 'google_drive') expect(upload!.body.toString('latin1')).toMatch(new RegExp(`"name":"Scanbase Scan photos - Dock google_drive - ${day.source} - ${file}"`));
      if (kind === 'dropbox') expect((JSON.parse(String(upload!.headers['dropbox-api-arg'])) as { path: string }).path).toMatch(new RegExp(`^/Scanbase/Scan photos/Dock dropbox/${day.source}/${file}$`));
      if (kind === 'onedrive') expect(decodeURIComponent(upload!.url)).toMatch(new RegExp(`^/v1.0/me/drive/root:/Scanbase/Scan photos/Dock onedrive/${day.source}/${file}:/content`));
    }
  });
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The tokens sealed in a store's row (read through the service's own box). */
async function tokensOf(id: number): Promise<{ accessToken: string; refreshToken: string }> {
  const row = await t.container.db.kysely.selectFrom('file_stores').select(['secret_enc', 'account_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const { SecretBox } = await import('../../platform/auth/secret-box.js');
  const plain = new SecretBox(t.config.secretsKey).open(row.secret_enc, `filestorage:${row.account_id}:new`);
  return JSON.parse(plain ?? '{}') as { accessToken: string; refreshToken: string };
}

/** The access token sealed in a store's row. */
async function accessTokenOf(id: number): Promise<string> {
  return (await tokensOf(id)).accessToken;
}
