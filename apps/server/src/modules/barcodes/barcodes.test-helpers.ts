import fs from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';

// Test helpers: decode images with zxing-wasm (wasm loaded from node_modules, never the network)
// and build multipart bodies for app.inject.

let ready: Promise<unknown> | undefined;

function loadZxing(): Promise<unknown> {
  if (!ready) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = fs.readFileSync(file);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    ready = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return ready;
}

/** Decodes every barcode in an image (PNG, JPG, GIF or SVG bytes). */
export async function decode(image: Buffer): Promise<ReadResult[]> {
  await loadZxing();
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const imageData = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' as const };
  return readBarcodes(imageData, { formats: [], tryHarder: true, maxNumberOfSymbols: 4 });
}

/** The text of the one barcode in an image, or undefined. */
export async function decodeText(image: Buffer): Promise<string | undefined> {
  const found = await decode(image);
  return found.find((r) => r.isValid)?.text;
}

/** A multipart/form-data body with text fields and files. */
export function multipart(fields: Record<string, string>, files: { field: string; filename: string; contentType: string; data: Buffer }[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----scanbase${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A test logo: a coloured square with a white cross, in the given format. */
export async function makeLogo(format: 'png' | 'jpeg' | 'gif', size = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#d32f2f"/><rect x="${size * 0.4}" y="${size * 0.1}" width="${size * 0.2}" height="${size * 0.8}" fill="#fff"/><rect y="${size * 0.4}" x="${size * 0.1}" height="${size * 0.2}" width="${size * 0.8}" fill="#fff"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : format === 'jpeg' ? img.jpeg().toBuffer() : img.gif().toBuffer();
}

/** Counts pages, image objects and image placements in a PDF written by pdfkit. */
export function pdfStats(pdf: Buffer): { pages: number; images: number } {
  const text = pdf.toString('latin1');
  return { pages: (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length, images: (text.match(/\/Subtype \/Image\b/g) ?? []).length };
}
