import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signUpVerified } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { decode, decodeText } from './barcodes.test-helpers.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUpVerified(t));
});
afterAll(async () => {
  await t.container.barcodes.close();
  await t.close();
});

async function generate(body: Record<string, unknown>, tok: string | null = token) {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/barcode/generate/', payload: body, headers: tok ? { authorization: `Bearer ${tok}` } : {} });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, json: () => res.json<{ error: string; message: string; details?: { path: string; message: string }[] }>() };
}

describe('POST /api-v2/barcode/generate/ decodes back to its value', () => {
  // [symbology, value, what zxing reads back]
  const cases: [string, string, string][] = [
    ['qrcode', 'https://scan.example.com/v/4006381333931-A7', 'https://scan.example.com/v/4006381333931-A7'],
    ['microqrcode', '12345', '12345'],
    ['datamatrix', 'DM-0042 Asset', 'DM-0042 Asset'],
    ['pdf417', 'PDF417 ticket #000123', 'PDF417 ticket #000123'],
    ['azteccode', 'AZTEC boarding 42', 'AZTEC boarding 42'],
    ['code128', 'SCN-4006381333931-0042', 'SCN-4006381333931-0042'],
    ['gs1-128', '(01)09521234543213(10)ABC123', '(01)09521234543213(10)ABC123'],
    ['code39', 'CODE-39 TEST', 'CODE-39 TEST'],
    ['ean13', '9520123456788', '9520123456788'],
    ['ean8', '95200002', '95200002'],
    ['upca', '012345678905', '0012345678905'],
    // zxing reports UPC-A and UPC-E as their GTIN-13 (UPC-E expanded: 0 + UPC-A 012345000065).
    ['upce', '01234565', '0012345000065'],
    ['itf14', '15400141288763', '15400141288763'],
  ];

  it.each(cases)('%s', async (symbology, value, expected) => {
    const res = await generate({ value, symbology });
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.type).toBe('image/png');
    expect(await decodeText(res.bytes)).toBe(expected);
  });

  it('adds the EAN-13 check digit when given 12 digits', async () => {
    const res = await generate({ value: '952012345678', symbology: 'EAN-13' });
    expect(res.status).toBe(200);
    expect(await decodeText(res.bytes)).toBe('9520123456788');
  });

  it.each([
    ['colours', { barColor: '#1a237e', backgroundColor: '#fff8e1' }],
    ['scale and margin', { scale: 8, margin: 6 }],
    ['target width', { width: 400 }],
    ['small width', { width: 100 }],
    ['rotation', { rotate: 'R' }],
    ['value text and caption', { showValue: true, valuePosition: 'top', caption: 'Gate 4 - Row B', captionAlign: 'right' }],
    ['frame', { frame: true }],
    ['error correction H', { errorCorrection: 'H' }],
  ])('QR with %s', async (_name, options) => {
    const value = 'SB-TICKET-000777';
    const res = await generate({ value, symbology: 'qrcode', ...options });
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(await decodeText(res.bytes)).toBe(value);
  });

  it('changes the image with colours, size and caption', async () => {
    const plain = await generate({ value: 'X1', scale: 4 });
    const big = await generate({ value: 'X1', scale: 8 });
    const blue = await generate({ value: 'X1', scale: 4, barColor: '0000FF' });
    const [a, b] = await Promise.all([sharp(plain.bytes).metadata(), sharp(big.bytes).metadata()]);
    expect(b.width).toBe(a.width * 2);
    const { data } = await sharp(blue.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let blueish = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 255) blueish += 1;
    expect(blueish).toBeGreaterThan(100);
    const width = await generate({ value: 'X1', width: 300 });
    expect((await sharp(width.bytes).metadata()).width).toBeLessThanOrEqual(300);
  });

  it.each([
    ['jpg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ])('answers %s', async (format, type) => {
    const res = await generate({ value: 'FORMAT-1', format, symbology: 'datamatrix' });
    expect(res.status).toBe(200);
    expect(res.type).toBe(type);
    expect(await decodeText(res.bytes)).toBe('FORMAT-1');
  });

  it('answers SVG when asked, with the human-readable text of linear codes', async () => {
    const res = await generate({ value: 'SVG-128', format: 'svg', symbology: 'code128' });
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/svg+xml');
    const svg = res.bytes.toString();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(await decodeText(res.bytes)).toBe('SVG-128');
  });

  it('accepts any bwip-js symbology, e.g. Code 93 and Han Xin', async () => {
    const a = await generate({ value: 'CODE93', symbology: 'code93' });
    expect(a.status).toBe(200);
    expect(await decodeText(a.bytes)).toBe('CODE93');
    const b = await generate({ value: 'hanxin', symbology: 'hanxin' });
    expect(b.status).toBe(200);
    expect((await decode(b.bytes)).length).toBeGreaterThanOrEqual(0);
  });
});

describe('barcode options are validated with clear messages', () => {
  it.each([
    [{ value: '9520123456789', symbology: 'ean13' }, 'value', /EAN-13 check digit is wrong: for 952012345678 it must be 8/],
    [{ value: '12345', symbology: 'ean13' }, 'value', /EAN-13 needs 12 or 13 digits/],
    [{ value: 'abc', symbology: 'code39' }, 'value', /Code 39 allows A-Z/],
    [{ value: '12345', symbology: 'interleaved2of5' }, 'value', /even number of digits/],
    [{ value: '01234567', symbology: 'upce' }, 'value', /UPC-E check digit is wrong/],
    [{ value: '15400141288764', symbology: 'itf14' }, 'value', /ITF-14 check digit is wrong/],
    [{ value: '0109521234543213', symbology: 'gs1-128' }, 'value', /application identifiers in brackets/],
    [{ value: 'x'.repeat(60), symbology: 'microqrcode' }, 'value', /Micro QR Code holds at most/],
    [{ value: 'hello', symbology: 'nosuchcode' }, 'symbology', /Unknown symbology "nosuchcode"/],
    [{ value: 'hello', format: 'svg', caption: 'Hi' }, 'format', /SVG output/],
    [{ value: '' }, 'value', /Enter the value/],
    [{ value: 'x', scale: 99 }, 'scale', /./],
    [{ value: 'x', barColor: 'blue' }, 'barColor', /Use a colour like/],
  ])('%j', async (body, path, message) => {
    const res = await generate(body);
    expect(res.status).toBe(422);
    const err = res.json();
    expect(err.error).toBe('VALIDATION_FAILED');
    const issue = err.details?.find((d) => d.path === path);
    expect(issue?.message ?? err.message).toMatch(message);
  });

  it('reports an encoder refusal as VALIDATION_FAILED naming the symbology', async () => {
    const res = await generate({ value: 'ABC', symbology: 'postnet' });
    expect(res.status).toBe(422);
    expect(res.json().message).toMatch(/POSTNET/i);
  });

  it('needs a session', async () => {
    const res = await generate({ value: 'x' }, null);
    expect(res.status).toBe(401);
  });

  it('serves identical requests from the cache with identical bytes', async () => {
    const a = await generate({ value: 'CACHE-1', scale: 3 });
    const b = await generate({ value: 'CACHE-1', scale: 3 });
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
  });
});
