import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scanAccount, startReceiver } from './scans.test-helpers.js';

/** The postback tool (`postback/test`): a made-up scan posted to a real HTTP server on loopback, and what the app made of the reply. */

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', POSTBACK_TIMEOUT_SECONDS: '1' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('postback tool', () => {
  it('sends the fields a postback service sends, with the service and its questions, and reads the verdict', async () => {
    const a = await scanAccount(t);
    const question = await a.question('Gate', 'manual');
    const service = await a.service({ validation_method: 'record' });
    expect((await v2(t.app, 'services/set-questions', { id: service, questions: [{ id: question, condition: 'shared_submit', required: false }] }, a.owner.token)).status).toBe(200);
    receiver.answerWith((f) => ({ body: `<xml><message><status>0</status><text>Already used: ${f.get('tid') ?? ''} &amp; more</text></message></xml>` }));
    const before = receiver.received.length;

    const r = await v2(t.app, 'postback/test', { url: receiver.url, value: 'TICKET-7', serviceId: service }, a.owner.token);
    expect(r.status).toBe(200);
    const sent = receiver.received[before]!;
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.fields.get('tid')).toBe('TICKET-7');
    expect(sent.fields.get('sid')).toBe(String(service));
    expect(sent.fields.get('scanid')).toBe('0');
    expect(sent.fields.get(`questions[${question}]`)).toBe('Gate');
    expect(sent.fields.has('status')).toBe(false);
    const body = r.body as { request: { fields: [string, string][]; body: string }; response: { httpStatus: number; body: string }; verdict: { status: number; text: string; textKind: string }; problem: string | null };
    expect(body.request.fields).toEqual([...sent.fields.entries()]);
    expect(new URLSearchParams(body.request.body).get('tid')).toBe('TICKET-7');
    expect(body.response.httpStatus).toBe(200);
    expect(body.response.body).toContain('<status>0</status>');
    expect(body.verdict).toEqual({ status: 0, text: 'Already used: TICKET-7 & more', textKind: 'text' });
    expect(body.problem).toBeNull();
  });

  it('says why a reply would be refused: an HTTP error, a reply not in the postback shape, no server, an internal address', async () => {
    const a = await scanAccount(t);
    receiver.answerWith(() => ({ status: 500, body: 'oops' }));
    let r = await v2(t.app, 'postback/test', { url: receiver.url }, a.owner.token);
    expect((r.body as { problem: string }).problem).toMatch(/HTTP 500/);
    expect((r.body as { response: { body: string } }).response.body).toBe('oops');

    receiver.answerWith(() => ({ body: '<html>not xml</html>' }));
    r = await v2(t.app, 'postback/test', { url: receiver.url }, a.owner.token);
    expect((r.body as { problem: string; verdict: unknown }).problem).toMatch(/cannot tell valid from invalid/);
    // Forwarding needs only a 2xx: the same reply is fine there, and the result fields are sent.
    const before = receiver.received.length;
    r = await v2(t.app, 'postback/test', { url: receiver.url, withResult: true }, a.owner.token);
    expect((r.body as { problem: string | null }).problem).toBeNull();
    expect(receiver.received[before]!.fields.get('status')).toBe('1');

    r = await v2(t.app, 'postback/test', { url: 'http://127.0.0.1:9/nothing-here' }, a.owner.token);
    expect((r.body as { problem: string; response: unknown }).problem).toMatch(/Could not reach the server/);
    expect((r.body as { response: unknown }).response).toBeNull();
  });

  it('refuses internal addresses where the install does not allow them, and another account’s service', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signUpVerified(strict);
      const r = await v2(strict.app, 'postback/test', { url: 'http://127.0.0.1:8080/x' }, owner.token);
      expect(r.status).toBe(200);
      expect((r.body as { problem: string; response: unknown }).response).toBeNull();
      expect((r.body as { problem: string }).problem).not.toMatch(/Could not reach/);
    } finally {
      await strict.close();
    }
    const a = await scanAccount(t);
    const b = await scanAccount(t);
    const theirs = await b.service({ validation_method: 'record' });
    expect((await v2(t.app, 'postback/test', { url: receiver.url, serviceId: theirs }, a.owner.token)).status).toBe(404);
  });
});
