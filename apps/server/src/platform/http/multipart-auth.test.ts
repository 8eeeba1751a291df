import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Multipart bodies are authenticated before their files are read: a stranger cannot make the server store uploads. */

let t: TestApp;
let key: string;
let token: string;
let databaseId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpVerified(t);
  token = owner.token;
  key = await createApiKey(t, token);
  databaseId = (await v2(t.app, 'databases/create', { name: 'Badges', caseSensitive: false }, token)).body.id as number;
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'sb-boundary';
// Larger than what is kept in memory (256 KiB), so a file that were read would be spooled to storage.
const CSV = Array.from({ length: 40_000 }, (_, i) => `V-${String(i).padStart(6, '0')},ok`).join('\n');

function body(fields: [string, string][], file: { field: string; name: string; text: string }): string {
  const parts = fields.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.text}\r\n`);
  return parts.join('') + `--${BOUNDARY}--\r\n`;
}

/** Every file under the blob storage's spool folder. */
function spooled(): string[] {
  const dir = path.join(t.config.dataDir, 'files', 'uploads', 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Spooled copies are removed just after the reply is sent (an unlink on the thread pool, slower on a busy machine); waits up to 5 s for that. */
async function spoolEmptied(): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  while (spooled().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return spooled();
}

/** Counts the uploads streamed into storage (observing the real storage, not replacing it). */
function countSpools(): { count: number } {
  const counter = { count: 0 };
  const storage = t.container.storage;
  const original = storage.putStream.bind(storage);
  storage.putStream = (...args) => {
    counter.count += 1;
    return original(...args);
  };
  return counter;
}

describe('multipart calls are authenticated before their files are read', () => {
  it('legacy: no credentials, a bad key, or a caller without access are refused before the upload is stored, and the connection is closed', async () => {
    const spools = countSpools();
    const cases: [string, [string, string][], string][] = [
      ['no credentials', [], '101'],
      ['an unknown key', [['api_key', 'sb_unknown']], '100'],
      ['an unknown action', [['api_key', key]], '110'],
    ];
    for (const [name, creds, code] of cases) {
      const fields: [string, string][] = [['section', 'databases'], ['action', name === 'an unknown action' ? 'nosuch' : 'upload'], ['database_id', String(databaseId)], ...creds];
      const res = await t.app.inject({ method: 'POST', url: '/api/', payload: body(fields, { field: 'csvfile', name: 'values.csv', text: CSV }), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      expect(res.body, name).toContain(`<error code="${code}">`);
      expect(res.headers.connection, name).toBe('close');
    }
    expect(spools.count).toBe(0);
    const values = await v2(t.app, 'databases/values', { id: databaseId }, token);
    expect(values.body.total).toBe(0);
  });

  it('legacy: credentials in the fields before the file let the upload through', async () => {
    const fields: [string, string][] = [['section', 'databases'], ['action', 'upload'], ['api_key', key], ['database_id', String(databaseId)]];
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: body(fields, { field: 'csvfile', name: 'values.csv', text: CSV }), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(res.body).toContain('<status>1</status>');
    expect(await spoolEmptied()).toEqual([]);
    const database = await v2(t.app, 'databases/get', { id: databaseId }, token);
    expect(database.body.valueCount).toBe(40_000);
  });

  it('V2: a multipart call without a session is refused before its file is read; with a bearer token it goes through', async () => {
    const payload = body([['params', JSON.stringify({ id: databaseId })]], { field: 'file', name: 'values.csv', text: CSV });
    const spools = countSpools();
    const refused = await t.app.inject({ method: 'POST', url: '/api-v2/databases/import-preview/', payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.connection).toBe('close');
    expect(spools.count).toBe(0);
    const accepted = await t.app.inject({ method: 'POST', url: '/api-v2/databases/import-preview/', payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` } });
    expect(accepted.statusCode).toBe(200);
    expect(spools.count).toBe(1);
  });
});
