import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../test/smtp-catcher.js';
import { signUpVerified, uniqueEmail, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeLogo, multipart } from '../barcodes/barcodes.test-helpers.js';
import { scanAccount, scannerSignIn } from '../scans/scans.test-helpers.js';

let t: TestApp;
let a: { token: string; accountId: number };
let b: { token: string; accountId: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpVerified(t, { companyName: 'Alpha' });
  b = await signUpVerified(t, { companyName: 'Beta' });
});
afterAll(async () => {
  await t.close();
});

type Branding = { appName: string; primaryColor: string; primaryTextColor: string; secondaryColor: string; welcomeText: string; footerText: string; logoUrl: string | null; isDefault: boolean; warnings: { path: string; message: string }[] };
type Issue = { path: string; message: string };

async function uploadLogo(token: string, file: { data: Buffer; contentType: string; filename: string }) {
  const body = multipart({ params: '{}' }, [{ field: 'logo', ...file }]);
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/branding/logo/', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

describe('branding settings', () => {
  it("answers Scanbase's defaults before anything is customised", async () => {
    const res = await v2(t.app, 'branding/get', {}, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appName: 'Scanbase', primaryColor: '#1565c0', primaryTextColor: '#ffffff', logoUrl: null, isDefault: true, warnings: [] });
  });

  it('saves name, texts and colours in every form of spec section 5, normalised to hex', async () => {
    const res = await v2(t.app, 'branding/update', { appName: '  Acme Scan ', primaryColor: 'rgb(183, 28, 28)', secondaryColor: '#0F0', welcomeText: 'Welcome, <b>team</b>!\r\nScan at the gate.', footerText: 'Acme & Co' }, a.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const branding = res.body as Branding;
    expect(branding).toMatchObject({ appName: 'Acme Scan', primaryColor: '#b71c1c', primaryTextColor: '#ffffff', secondaryColor: '#00ff00', secondaryTextColor: '#000000', welcomeText: 'Welcome, <b>team</b>!\nScan at the gate.', footerText: 'Acme & Co', isDefault: false });
    // Bright green as text on white is hard to read: saved, with a warning naming the field.
    expect(branding.warnings.map((w) => w.path)).toEqual(['secondaryColor']);
    expect(branding.warnings[0]!.message).toMatch(/^Low contrast: .*4\.5:1/);
    expect((await v2(t.app, 'branding/get', {}, a.token)).body).toMatchObject({ appName: 'Acme Scan', primaryColor: '#b71c1c' });

    for (const [value, stored] of [['#abc', '#aabbcc'], ['#abcd', '#aabbccdd'], ['#1565C080', '#1565c080'], ['hsl(0, 100%, 25%)', '#800000'], ['rgba(0,0,0,0.5)', '#00000080'], ['hsla(240, 100%, 50%, 1)', '#0000ff']]) {
      const r = await v2(t.app, 'branding/update', { secondaryColor: value }, a.token);
      expect(r.body.secondaryColor, value).toBe(stored);
    }
  });

  it.each(['#12', '#12345', '#1234567', '#ggg', '1565C0', 'blue', 'rgb(1,2)', 'hsl(10%, 50%, 50%)', ''])('refuses the colour %j with VALIDATION_FAILED on the field', async (value) => {
    const res = await v2(t.app, 'branding/update', { primaryColor: value, appName: 'Not saved' }, a.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect((res.body.details as Issue[]).map((i) => i.path)).toEqual(['primaryColor']);
    expect((await v2(t.app, 'branding/get', {}, a.token)).body.appName).toBe('Acme Scan');
  });

  it('refuses texts over their limits and control characters', async () => {
    const long = await v2(t.app, 'branding/update', { appName: 'x'.repeat(41), footerText: 'y'.repeat(301) }, a.token);
    expect(long.status).toBe(422);
    expect((long.body.details as Issue[]).map((i) => i.path).sort()).toEqual(['appName', 'footerText']);
    const tab = await v2(t.app, 'branding/update', { appName: 'two\nlines' }, a.token);
    expect((tab.body.details as Issue[])[0]).toMatchObject({ path: 'appName' });
    expect((await v2(t.app, 'branding/update', { appName: '' }, a.token)).body.appName).toBe('Scanbase');
    await v2(t.app, 'branding/update', { appName: 'Acme Scan' }, a.token);
  });

  it("keeps each account's branding to itself", async () => {
    expect((await v2(t.app, 'branding/get', {}, b.token)).body).toMatchObject({ appName: 'Scanbase', isDefault: true });
    await v2(t.app, 'branding/update', { appName: 'Beta Gate' }, b.token);
    expect((await v2(t.app, 'branding/get', {}, a.token)).body.appName).toBe('Acme Scan');
  });
});

describe('branding logo', () => {
  let logoUrl: string;

  it('takes a PNG, re-encodes it within 512 px and serves it with its type and a long cache', async () => {
    const res = await uploadLogo(a.token, { data: await makeLogo('png', 900), contentType: 'image/png', filename: 'logo.png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    logoUrl = (res.body as Branding).logoUrl!;
    expect(logoUrl).toMatch(new RegExp(`^/api-v2/branding/logo-file/${a.accountId}/logo-[0-9a-f]{24}\\.png$`));
    const img = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const sharp = (await import('sharp')).default;
    expect((await sharp(img.rawPayload).metadata()).width).toBe(512);
  });

  it('takes a JPEG (by its bytes, whatever its name says), replacing the old logo', async () => {
    const res = await uploadLogo(a.token, { data: await makeLogo('jpeg', 100), contentType: 'application/octet-stream', filename: 'logo.bin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = (res.body as Branding).logoUrl!;
    expect(next).not.toBe(logoUrl);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    logoUrl = next;
  });

  it('refuses SVG (even named .png), GIF and other files with UNSUPPORTED_MEDIA_TYPE', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await uploadLogo(a.token, { data: svg, contentType: 'image/png', filename: 'logo.png' });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('SVG') as string });
    const gif = await uploadLogo(a.token, { data: await makeLogo('gif', 50), contentType: 'image/gif', filename: 'logo.gif' });
    expect(gif.status).toBe(415);
    const text = await uploadLogo(a.token, { data: Buffer.from('hello'), contentType: 'image/png', filename: 'x.png' });
    expect(text.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    // A PNG signature with nothing readable behind it.
    const broken = await uploadLogo(a.token, { data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]), contentType: 'image/png', filename: 'x.png' });
    expect(broken).toMatchObject({ status: 422, body: { error: 'VALIDATION_FAILED' } });
    expect((await v2(t.app, 'branding/get', {}, a.token)).body.logoUrl).toBe(logoUrl);
  });

  it('refuses a logo over 512 KB with PAYLOAD_TOO_LARGE', async () => {
    const big = Buffer.concat([await makeLogo('png', 64), Buffer.alloc(600 * 1024)]);
    const res = await uploadLogo(a.token, { data: big, contentType: 'image/png', filename: 'big.png' });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it("serves no logo under another account's id, nor an unknown name", async () => {
    const name = logoUrl.split('/').pop()!;
    expect((await t.app.inject({ method: 'GET', url: `/api-v2/branding/logo-file/${b.accountId}/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api-v2/branding/logo-file/${a.accountId}/..%2F..%2Fsecret.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api-v2/branding/logo-file/99999999999/${name}` })).statusCode).toBe(404);
  });

  it('removes the logo', async () => {
    const res = await v2(t.app, 'branding/logo/delete', {}, a.token);
    expect(res.body.logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    expect((await uploadLogo(a.token, { data: await makeLogo('png', 80), contentType: 'image/png', filename: 'logo.png' })).status).toBe(200);
  });
});

describe('public branding', () => {
  it('answers only the public fields for the sign-in pages, and the defaults for an unknown account', async () => {
    const res = await v2(t.app, 'branding/public', { accountId: a.accountId });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['appName', 'footerText', 'logoUrl', 'primaryColor', 'primaryTextColor', 'secondaryColor', 'secondaryTextColor', 'welcomeText']);
    expect(res.body).toMatchObject({ appName: 'Acme Scan', primaryColor: '#b71c1c' });
    expect((await v2(t.app, 'branding/public', { accountId: 2_000_000_000 })).body).toMatchObject({ appName: 'Scanbase', logoUrl: null });
  });

  it("gives a signed-in app user their own account's branding; an app token may not change it", async () => {
    const acc = await scanAccount(t);
    await v2(t.app, 'branding/update', { appName: 'Gamma Gates', primaryColor: '#2e7d32' }, acc.owner.token);
    const service = await acc.service({ validation_method: 'record' });
    const scanner = await scannerSignIn(t, await acc.appUser([service]));
    expect((await scanner.call('app/branding', {})).body).toMatchObject({ appName: 'Gamma Gates', primaryColor: '#2e7d32' });
    expect((await scanner.call('branding/get', {})).status).toBe(401);
    expect((await scanner.call('branding/update', { appName: 'Hacked' })).status).toBe(401);
    expect((await v2(t.app, 'branding/update', { appName: 'Anonymous' })).status).toBe(401);
  });

  it('needs an admin with the Settings privilege to change it', async () => {
    const email = uniqueEmail('member');
    expect((await v2(t.app, 'team/invite', { email, name: 'Mo', role: 'admin', privileges: { user: true, webapp_login: false, billing: false } }, a.token)).status).toBe(200);
    const secret = linkIn(await t.smtp.next(email), '/user/confirmemail/').replace(/\/$/, '').split('/').pop()!;
    const member = await v2(t.app, 'auth/accept-invite', { token: secret, name: 'Mo Member', password: 'member password' });
    expect((await v2(t.app, 'branding/get', {}, member.body.token as string)).status).toBe(403);
    expect((await v2(t.app, 'branding/update', { appName: 'Mine' }, member.body.token as string)).status).toBe(403);
  });
});

describe('branded mails', () => {
  it("sends the app-user invitation with the account's name, colour and logo, escaped", async () => {
    await v2(t.app, 'branding/update', { appName: 'Acme <Scan>', footerText: 'Questions? Call "Gate 3" & ask.' }, a.token);
    const email = uniqueEmail('scanner');
    expect((await v2(t.app, 'appusers/create', { username: email }, a.token)).status).toBe(200);
    const mail = await t.smtp.next(email);
    expect(mail.subject).toBe('You are invited to scan with Acme <Scan>');
    expect(mail.text).toContain('scanner user on Acme <Scan>.');
    expect(mail.text).toContain('Questions? Call "Gate 3" & ask.');
    expect(mail.html).toContain('Acme &lt;Scan&gt;');
    expect(mail.html).not.toContain('<Scan>');
    expect(mail.html).toContain('Call &quot;Gate 3&quot; &amp; ask.');
    expect(mail.html).toContain('background:#b71c1c');
    expect(mail.attachments.map((x) => x.contentType)).toEqual(['image/png']);
    expect(linkIn(mail, '/user/confirmemail/appuser/')).toMatch(/\/user\/confirmemail\/appuser\/[^/]+\/$/);
    // The scanner link names the account, so the scanner's sign-in shows this branding on a new device.
    expect(linkIn(mail, '/scanner?account=')).toBe(`${t.config.publicUrl}/scanner?account=${a.accountId}`);
  });

  it("keeps Scanbase's look for an account without branding", async () => {
    const c = await signUpVerified(t, { companyName: 'Plain' });
    const email = uniqueEmail('scanner');
    await v2(t.app, 'appusers/create', { username: email }, c.token);
    const mail = await t.smtp.next(email);
    expect(mail.subject).toBe('You are invited to scan with Scanbase');
    expect(mail.attachments).toEqual([]);
    expect(mail.html).toContain('background:#1565c0');
  });
});
