import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, parseLegacy, signUpVerified, v2 } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { decodeText, makeLogo, multipart } from './barcodes.test-helpers.js';

let t: TestApp;
let a: { token: string; key: string };
let b: { token: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  const ownerA = await signUpVerified(t, { companyName: 'Alpha' });
  const ownerB = await signUpVerified(t, { companyName: 'Beta' });
  a = { token: ownerA.token, key: await createApiKey(t, ownerA.token) };
  b = { token: ownerB.token, key: await createApiKey(t, ownerB.token) };
});
afterAll(async () => {
  await t.container.barcodes.close();
  await t.close();
});

type Template = { id: number; name: string; logoFileName: string | null; logoWidth: number | null; options: Record<string, unknown> };

async function withLogo(path: string, params: Record<string, unknown>, token: string, logo?: { data: Buffer; contentType: string; filename?: string }) {
  const body = multipart({ params: JSON.stringify(params) }, logo ? [{ field: 'logo', filename: logo.filename ?? 'logo.png', contentType: logo.contentType, data: logo.data }] : []);
  const res = await t.app.inject({ method: 'POST', url: `/api-v2/${path}/`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

describe('barcode templates', () => {
  let template: Template;

  it('creates a template with a logo, re-encoded to PNG and capped in size', async () => {
    const res = await withLogo('barcode_template/create', { name: 'Tickets', options: { symbology: 'QR', scale: 6, barColor: '#0D47A1' } }, a.token, { data: await makeLogo('jpeg', 1500), contentType: 'image/jpeg', filename: 'brand.jpg' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    template = res.body as unknown as Template;
    expect(template.name).toBe('Tickets');
    expect(template.options.symbology).toBe('qrcode');
    expect(template.logoFileName).toMatch(/^logo-[0-9a-f]{24}\.png$/);
    expect(template.logoWidth).toBe(1024);
  });

  it('lists templates of the account only', async () => {
    const mine = await v2(t.app, 'barcode_template/list', {}, a.token);
    expect((mine.body.items as Template[]).map((x) => x.id)).toContain(template.id);
    const theirs = await v2(t.app, 'barcode_template/list', {}, b.token);
    expect(theirs.body.items).toEqual([]);
  });

  it('renders a QR with the template logo over the centre that still decodes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/barcode/generate/', payload: { value: 'VIP-000042', templateId: template.id }, headers: { authorization: `Bearer ${a.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decodeText(res.rawPayload)).toBe('VIP-000042');
  });

  it.each(['top', 'bottom', 'left', 'right'])('renders a logo %s of the code', async (logoPosition) => {
    const res = await t.app.inject({ method: 'POST', url: '/api-v2/barcode/generate/', payload: { value: 'SIDE-1', templateId: template.id, logoPosition, symbology: 'code128' }, headers: { authorization: `Bearer ${a.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decodeText(res.rawPayload)).toBe('SIDE-1');
  });

  it('refuses a centre logo on a non-QR symbology', async () => {
    const res = await v2(t.app, 'barcode/generate', { value: 'X', templateId: template.id, symbology: 'datamatrix', logoPosition: 'center' }, a.token);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/only works on QR codes/);
  });

  it('downloads the logo as a PNG data URL (V2) and raw bytes (legacy GET)', async () => {
    const res = await v2(t.app, 'barcode_template/download_logo', { fileName: template.logoFileName }, a.token);
    expect(res.status).toBe(200);
    expect(String(res.body.dataUrl)).toMatch(/^data:image\/png;base64,iVBOR/);
    const get = await t.app.inject({ method: 'GET', url: `/api/?section=barcodetemplate&action=getlogofile&filename=${template.logoFileName}&api_key=${a.key}` });
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it("keeps another account's templates and logos NOT_FOUND", async () => {
    const logo = await v2(t.app, 'barcode_template/download_logo', { fileName: template.logoFileName }, b.token);
    expect(logo.status).toBe(404);
    const gen = await v2(t.app, 'barcode/generate', { value: 'X', templateId: template.id }, b.token);
    expect(gen.status).toBe(404);
    const upd = await v2(t.app, 'barcode_template/update', { id: template.id, name: 'Stolen' }, b.token);
    expect(upd.status).toBe(404);
    const del = await v2(t.app, 'barcode_template/delete', { id: template.id }, b.token);
    expect(del.status).toBe(404);
    const legacy = await t.app.inject({ method: 'GET', url: `/api/?section=barcodetemplate&action=getlogofile&filename=${template.logoFileName}&api_key=${b.key}` });
    expect(parseLegacy(legacy.body).status).toBe('0');
    const traversal = await v2(t.app, 'barcode_template/download_logo', { fileName: '../../1/barcode-logos/x.png' }, a.token);
    expect(traversal.status).toBe(404);
  });

  it('refuses logos that are not PNG, JPG or GIF, or larger than 1 MB', async () => {
    const text = await withLogo('barcode_template/create', { name: 'Bad' }, a.token, { data: Buffer.from('not an image'), contentType: 'image/png' });
    expect(text.status).toBe(422);
    expect(text.body.message).toMatch(/PNG, JPG or GIF/);
    const big = await withLogo('barcode_template/create', { name: 'Big' }, a.token, { data: Buffer.alloc(1_048_577, 1), contentType: 'image/png' });
    expect(big.status).toBe(422);
    expect(big.body.message).toMatch(/at most 1 MB/);
  });

  it('updates name, options and logo (GIF), and removes the old logo file', async () => {
    const old = template.logoFileName!;
    const res = await withLogo('barcode_template/update', { id: template.id, name: 'Tickets 2', options: { symbology: 'pdf417' } }, a.token, { data: await makeLogo('gif'), contentType: 'image/gif', filename: 'x.gif' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body as unknown as Template;
    expect(updated.name).toBe('Tickets 2');
    expect(updated.logoFileName).not.toBe(old);
    expect((await v2(t.app, 'barcode_template/download_logo', { fileName: old }, a.token)).status).toBe(404);
    const removed = await v2(t.app, 'barcode_template/update', { id: template.id, removeLogo: true }, a.token);
    expect(removed.body.logoFileName).toBeNull();
    template = removed.body as unknown as Template;
  });

  it('deletes a template', async () => {
    expect((await v2(t.app, 'barcode_template/delete', { id: template.id }, a.token)).status).toBe(200);
    expect((await v2(t.app, 'barcode_template/delete', { id: template.id }, a.token)).status).toBe(404);
  });
});

describe('legacy barcode/generate', () => {
  it('answers a GIF by default over GET with an api_key', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/?section=barcode&action=generate&api_key=${a.key}&value=${encodeURIComponent('https://example.com/t/1')}` });
    expect(res.headers['content-type']).toBe('image/gif');
    expect(await decodeText(res.rawPayload)).toBe('https://example.com/t/1');
  });

  it('takes every documented variable over POST with a website_token', async () => {
    const fields = { section: 'barcode', action: 'generate', website_token: a.token, value: 'PDF-417 legacy', barcodetype: 'pdf417', size: '8', valuesize: '6', valueposition: 'top', hideframe: '1', text: 'Row 12', textsize: '18', textalignment: 'R', filetype: 'PNG', errorcorrection: 'H' };
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.headers['content-type']).toBe('image/png');
    expect(await decodeText(res.rawPayload)).toBe('PDF-417 legacy');
  });

  it.each(['top', 'bottom', 'left', 'right'])('takes an uploaded logo (multipart) at logoposition=%s, JPG output', async (logoposition) => {
    const body = multipart({ section: 'barcode', action: 'generate', api_key: a.key, value: 'LOGO-1', logoposition, filetype: 'JPG', size: '4' }, [{ field: 'logo', filename: 'l.png', contentType: 'image/png', data: await makeLogo('png') }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/', payload: body.payload, headers: body.headers });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await decodeText(res.rawPayload)).toBe('LOGO-1');
  });

  it.each([
    [{}, '1028', /No barcode value/],
    [{ value: 'x'.repeat(101) }, '1028', /at most 100 characters/],
    [{ value: 'x', size: '11' }, '50', /Invalid size: use a whole number from 1 to 10/],
    [{ value: 'x', barcodetype: 'ean13' }, '50', /Invalid barcodetype: use qr, pdf417/],
    [{ value: 'x', filetype: 'BMP' }, '50', /Invalid filetype/],
    [{ value: 'x', errorcorrection: 'Z' }, '50', /Invalid errorcorrection/],
    [{ value: 'x', logo: 'https://evil.example/logo.png' }, '222', /Logo URLs are not fetched/],
  ])('answers an XML error for %j', async (extra, code, message) => {
    const query = new URLSearchParams({ section: 'barcode', action: 'generate', api_key: a.key, ...extra });
    const res = await t.app.inject({ method: 'GET', url: `/api/?${query.toString()}` });
    expect(res.headers['content-type']).toMatch(/xml/);
    const parsed = parseLegacy(res.body);
    expect(parsed.status).toBe('0');
    expect(parsed.errorCode).toBe(code);
    expect(res.body).toMatch(message);
  });

  it('needs credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/?section=barcode&action=generate&value=x' });
    expect(parseLegacy(res.body).errorCode).toBe('101');
  });
});
