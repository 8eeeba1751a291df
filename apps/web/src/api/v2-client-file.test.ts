import { generateLabels } from '@scanbase/contracts/barcodes';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionStore } from '../session/session-store';
import { createMemoryStore } from '../session/storage';
import { RecordingNavigation } from '../test/recording-navigation';
import { startTestServer, type Reply } from '../test/http-server';
import { dispositionFileName, V2Client, V2Error } from './v2-client';

let next: Reply;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeEach(async () => {
  server = await startTestServer(() => next);
});
afterEach(async () => {
  await server.close();
});

function client() {
  const session = new SessionStore(createMemoryStore());
  session.connect({ logout: () => Promise.resolve(), loadUser: () => Promise.resolve(null) });
  return new V2Client({ baseUrl: `${server.url}/api-v2/`, session, navigation: new RecordingNavigation({ name: 'x', pathname: '/x/', search: '', authenticate: true }) });
}

it('answers file bytes with the name from content-disposition', async () => {
  next = { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="labels-avery-5160.pdf"' }, body: '%PDF-1.3 test' };
  const file = await client().callForFile(generateLabels, { values: ['A'] });
  expect(file.fileName).toBe('labels-avery-5160.pdf');
  expect(file.contentType).toBe('application/pdf');
  expect(await file.blob.text()).toBe('%PDF-1.3 test');
});

it('answers a JSON file sent as an attachment (a JSON export) as a file, not an error', async () => {
  next = { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="scans.json"' }, body: '[{"Scan ID":1}]' };
  const file = await client().callForFile(generateLabels, { values: ['A'] });
  expect(file.fileName).toBe('scans.json');
  expect(await file.blob.text()).toBe('[{"Scan ID":1}]');
});

it('turns a JSON error into a V2Error with its field issues', async () => {
  next = { status: 422, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ error: 'VALIDATION_FAILED', message: 'Bad', details: [{ path: 'values.0', message: 'Too long' }] }) };
  const error = await client().callForFile(generateLabels, { values: ['A'] }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(V2Error);
  expect((error as V2Error).fieldIssues).toEqual([{ path: 'values.0', message: 'Too long' }]);
});

it('reads both content-disposition forms', () => {
  expect(dispositionFileName("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
  expect(dispositionFileName('inline; filename=labels.pdf')).toBe('labels.pdf');
  expect(dispositionFileName(null)).toBeNull();
});
