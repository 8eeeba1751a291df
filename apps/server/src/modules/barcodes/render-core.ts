import { deflateSync, crc32 } from 'node:zlib';
import bwipjs from 'bwip-js';
import type { RenderOptions } from 'bwip-js';

// The CPU-bound part of barcode rendering (bwip-js), shared by the worker threads and the
// in-process fallback. Nothing here touches the database or HTTP.

/** One render job: a full bwip-js image (png/svg), or a compact label image (see labelImage). */
export type RenderTask = { op: 'png'; opts: RenderOptions } | { op: 'svg'; opts: RenderOptions } | { op: 'label'; opts: RenderOptions };

/** A label image: a PNG plus its physical size in inches at scale 1 (so the PDF keeps the aspect). */
export type LabelImage = { png: Uint8Array; widthIn: number; heightIn: number; kind: 'matrix' | 'linear' | 'full' };

export type RenderResult = { op: 'png'; png: Uint8Array } | { op: 'svg'; svg: string } | { op: 'label'; image: LabelImage };

/** A value bwip-js refused (bad length, character, check digit...): the user's mistake, not ours. */
export class BarcodeEncodeError extends Error {}

/** Turns a BWIPP error (`bwipp.ean13badLength#1234: EAN-13 must be 12 or 13 digits`) into its message. */
export function cleanBwippMessage(message: string): string | undefined {
  const m = /^bwipp\.[A-Za-z0-9_]+(?:#\d+)?:\s*(.*)$/s.exec(message);
  if (m) return m[1]?.trim() ?? message;
  if (/^bwip-js: /.test(message)) return message.replace(/^bwip-js: /, '');
  if (/Image size over/.test(message)) return 'The image would be too large; use a smaller scale.';
  return undefined;
}

// Symbologies whose bwip-js `raw()` output can be drawn as a plain module grid or a single row
// of bars. Everything else (postal 4-state codes, MaxiCode, DotCode, composites) takes the full
// renderer so heights, hexagons and dots stay right.
const MATRIX_FAST = new Set([
  'qrcode', 'microqrcode', 'rectangularmicroqrcode', 'datamatrix', 'datamatrixrectangular', 'azteccode', 'azteccodecompact', 'aztecrune',
  'pdf417', 'pdf417compact', 'micropdf417', 'hanxin', 'codeone', 'gs1datamatrix', 'gs1datamatrixrectangular', 'gs1qrcode', 'gs1dlqrcode',
  'gs1dldatamatrix', 'swissqrcode', 'hibcqrcode', 'hibcdatamatrix', 'hibcpdf417', 'hibcmicropdf417', 'hibcazteccode', 'code16k', 'code49', 'codablockf',
]);
const LINEAR_FAST = new Set([
  'code128', 'gs1-128', 'ean14', 'sscc18', 'code39', 'code39ext', 'code32', 'pzn', 'code93', 'code93ext', 'interleaved2of5', 'itf14', 'identcode',
  'leitcode', 'ean13', 'ean8', 'upca', 'upce', 'isbn', 'ismn', 'issn', 'code11', 'rationalizedCodabar', 'msi', 'plessey', 'telepen', 'telepennumeric',
  'code2of5', 'industrial2of5', 'iata2of5', 'matrix2of5', 'coop2of5', 'datalogic2of5', 'bc412', 'pharmacode', 'channelcode', 'hibccode39', 'hibccode128',
]);

/** Pixels per module in label images: whole pixels keep edges sharp however the PDF is scaled. */
const LABEL_PX = 4;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Encodes a 1-bit greyscale PNG (black = 0). No alpha, so pdfkit embeds the compressed data as
 * it is instead of re-encoding pixels: this is what keeps a 1,000-label PDF fast.
 */
export function onebitPng(width: number, height: number, dark: (x: number, y: number) => boolean): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * height, 0);
  for (let y = 0; y < height; y += 1) {
    const base = y * (rowBytes + 1) + 1;
    for (let x = 0; x < width; x += 1) {
      // Bit 1 = white in greyscale: set bits for light pixels.
      if (!dark(x, y)) raw[base + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

type RawMatrix = { pixs: number[]; pixx: number; pixy: number; height: number; width: number };
type RawLinear = { sbs: number[]; bhs: number[]; bbs: number[] };

/** A compact label image: module grid or bar row as a 1-bit PNG, with a quiet zone; full render otherwise. */
export async function labelImage(opts: RenderOptions): Promise<LabelImage> {
  const bcid = opts.bcid;
  if (MATRIX_FAST.has(bcid) || LINEAR_FAST.has(bcid)) {
    const { bcid: _b, text, scale: _s, padding: _p, includetext: _i, ...bwippOpts } = opts;
    const raw = bwipjs.raw(bcid, text, bwippOpts) as (RawMatrix | RawLinear)[];
    const first = raw[0];
    if (raw.length === 1 && first && 'pixs' in first && MATRIX_FAST.has(bcid)) {
      const q = bcid.includes('pdf417') ? 2 : bcid === 'microqrcode' || bcid === 'rectangularmicroqrcode' ? 2 : 4;
      // A pixel row's height relative to a module's width (1 for square modules; stacked codes
      // may differ): keeps the symbol's physical aspect, so a QR code stays square.
      const rowScale = first.height / first.pixy / (first.width / first.pixx);
      const w = (first.pixx + 2 * q) * LABEL_PX;
      const rowsPx = Math.max(1, Math.round(rowScale * LABEL_PX));
      const h = first.pixy * rowsPx + 2 * q * LABEL_PX;
      const png = onebitPng(w, h, (x, y) => {
        const mx = Math.floor(x / LABEL_PX) - q;
        const yy = y - q * LABEL_PX;
        if (mx < 0 || mx >= first.pixx || yy < 0) return false;
        const my = Math.floor(yy / rowsPx);
        return my < first.pixy && first.pixs[my * first.pixx + mx] === 1;
      });
      return { png, widthIn: w / LABEL_PX / 72, heightIn: h / LABEL_PX / 72, kind: 'matrix' };
    }
    if (raw.length === 1 && first && 'sbs' in first && LINEAR_FAST.has(bcid)) {
      const q = 10;
      const modules: boolean[] = [];
      first.sbs.forEach((width, i) => {
        for (let k = 0; k < Math.round(width); k += 1) modules.push(i % 2 === 0);
      });
      const w = (modules.length + 2 * q) * LABEL_PX;
      // One pixel row is enough: the PDF stretches it to the bar height.
      const png = onebitPng(w, 1, (x) => {
        const m = Math.floor(x / LABEL_PX) - q;
        return m >= 0 && m < modules.length && modules[m] === true;
      });
      return { png, widthIn: w / LABEL_PX / 72, heightIn: 0, kind: 'linear' };
    }
  }
  const png = await bwipjs.toBuffer({ ...opts, scale: 3, padding: opts.padding ?? 4, backgroundcolor: 'FFFFFF' });
  const widthPx = png.readUInt32BE(16);
  const heightPx = png.readUInt32BE(20);
  return { png, widthIn: widthPx / 3 / 72, heightIn: heightPx / 3 / 72, kind: 'full' };
}

/** Runs one task; bwip-js refusals become BarcodeEncodeError with a readable message. */
export async function runRenderTask(task: RenderTask): Promise<RenderResult> {
  try {
    switch (task.op) {
      case 'png':
        return { op: 'png', png: await bwipjs.toBuffer(task.opts) };
      case 'svg':
        return { op: 'svg', svg: bwipjs.toSVG(task.opts) };
      case 'label':
        return { op: 'label', image: await labelImage(task.opts) };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const clean = cleanBwippMessage(message);
    if (clean !== undefined) throw new BarcodeEncodeError(clean);
    throw error;
  }
}
