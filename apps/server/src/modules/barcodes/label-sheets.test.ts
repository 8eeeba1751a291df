import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { decodeText, pdfStats } from './barcodes.test-helpers.js';
import { labelImage } from './render-core.js';

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

async function labels(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api-v2/barcode/labels/', payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, type: String(res.headers['content-type']), pdf: res.rawPayload, json: () => res.json<{ error: string; message: string; details?: { path: string; message: string }[] }>() };
}

describe('label images (the compact 1-bit PNGs placed in sheets) decode', () => {
  it.each([
    ['qrcode', 'LBL-000123'],
    ['datamatrix', 'LBL-000123'],
    ['pdf417', 'LBL-000123'],
    ['azteccode', 'LBL-000123'],
    ['microqrcode', '12345'],
    ['code128', 'LBL-000123'],
    ['code39', 'LBL-000123'],
    ['ean13', '9520123456788'],
    ['itf14', '15400141288763'],
  ])('%s', async (bcid, value) => {
    const img = await labelImage({ bcid, text: value });
    const meta = await sharp(Buffer.from(img.png)).metadata();
    // Linear images are one pixel row, stretched to the bar height by the PDF; do the same here.
    const png = img.kind === 'linear' ? await sharp(Buffer.from(img.png)).resize({ width: meta.width, height: 80, fit: 'fill', kernel: 'nearest' }).png().toBuffer() : Buffer.from(img.png);
    expect(img.kind).toBe(img.kind === 'linear' ? 'linear' : 'matrix');
    expect(await decodeText(png)).toBe(value);
  });

  it('falls back to the full renderer for codes that need it (postal 4-state)', async () => {
    const img = await labelImage({ bcid: 'onecode', text: '0123456709498765432101234567891' });
    expect(img.kind).toBe('full');
  });
});

describe('POST /api-v2/barcode/labels/', () => {
  it('lays out a list of values on an A4 3×7 sheet: pages and images', async () => {
    const values = Array.from({ length: 50 }, (_, i) => `TICKET-${i + 1}`);
    const res = await labels({ layout: 'avery-l7160', values, symbology: 'qrcode' });
    expect(res.status, res.pdf.toString().slice(0, 200)).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfStats(res.pdf)).toEqual({ pages: 3, images: 50 });
  });

  it('expands a zero-padded range on US Letter 5160 (3×10)', async () => {
    const res = await labels({ layout: 'avery-5160', range: { prefix: 'ASSET-', start: 1, end: 65, padding: 6 }, symbology: 'code128' });
    expect(res.status).toBe(200);
    expect(pdfStats(res.pdf)).toEqual({ pages: 3, images: 65 });
    expect(res.pdf.toString('latin1')).toContain('Barcode labels');
  });

  it('embeds each distinct image once (copies and repeats reuse it)', async () => {
    const res = await labels({ layout: 'avery-l7159', values: ['A-1', 'B-2', 'A-1'], copies: 3, symbology: 'datamatrix' });
    expect(res.status).toBe(200);
    expect(pdfStats(res.pdf)).toEqual({ pages: 1, images: 2 });
  });

  it('skips used labels on the first sheet', async () => {
    const res = await labels({ layout: 'avery-l7163', values: ['1', '2', '3'], skip: 13 });
    expect(pdfStats(res.pdf).pages).toBe(2);
  });

  it.each([
    ['thermal-4x6', 3],
    ['thermal-2x1', 4],
    ['thermal-62x29', 2],
  ])('prints one label per page on %s', async (layout, n) => {
    const res = await labels({ layout, values: Array.from({ length: n }, (_, i) => `T${i}`), symbology: 'code128' });
    expect(pdfStats(res.pdf)).toEqual({ pages: n, images: n });
  });

  it('caps a request at 10,000 labels with a clear error', async () => {
    const range = await labels({ range: { start: 1, end: 10_001 } });
    expect(range.status).toBe(422);
    expect(range.json().message).toMatch(/at most 10,000 labels; this range has 10,001/);
    const copies = await labels({ values: Array.from({ length: 2_001 }, (_, i) => `V${i}`), copies: 5 });
    expect(copies.status).toBe(422);
    expect(copies.json().message).toMatch(/at most 10,000 labels; this one has 10,005/);
    const list = await labels({ values: Array.from({ length: 10_001 }, (_, i) => `V${i}`) });
    expect(list.status).toBe(422);
  });

  it('names the label whose value breaks the symbology rules', async () => {
    const res = await labels({ values: ['9520123456788', '9520123456789'], symbology: 'ean13' });
    expect(res.status).toBe(422);
    const issue = res.json().details?.[0];
    expect(issue?.path).toBe('values.1');
    expect(issue?.message).toMatch(/Label 2 \("9520123456789"\): EAN-13 check digit is wrong/);
  });

  it('keeps answering other requests while a large sheet renders', async () => {
    let finished = false;
    const big = labels({ range: { prefix: 'LOOP-', start: 1, end: 1500 }, symbology: 'qrcode' }).then((r) => {
      finished = true;
      return r;
    });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(finished).toBe(false);
    expect(pdfStats((await big).pdf).pages).toBe(Math.ceil(1500 / 21));
  });

  it('wants values or a range, not both or neither', async () => {
    expect((await labels({ values: ['a'], range: { start: 1, end: 2 } })).status).toBe(422);
    expect((await labels({})).status).toBe(422);
  });
});

describe('label images keep the symbol’s shape', () => {
  it.each(['qrcode', 'datamatrix', 'azteccode', 'microqrcode'])('%s modules are square', async (bcid) => {
    const { labelImage } = await import('./render-core.js');
    const img = await labelImage({ bcid, text: 'TICKET-0001' });
    expect(img.kind).toBe('matrix');
    expect(img.heightIn / img.widthIn).toBeCloseTo(1, 2);
  });
});
