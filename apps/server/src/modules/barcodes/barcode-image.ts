import bwipjs from 'bwip-js';
import type { OverlayOptions, ResizeOptions } from 'sharp';
import { sharpPackage } from '../../platform/images.js';

// Composes the final barcode image around the bwip-js render: value text and caption bands,
// logo (centre or beside), frame, target width and output format. sharp runs on libuv's thread
// pool, so none of this blocks the event loop for long.

/** Text is drawn with bwip-js's built-in OCR-B font: no system fonts needed (Latin letters, digits, punctuation). */
const FONT_ID = bwipjs.FontLib.lookup('OCR-B');

export type TextBand = { text: string; size: number; align: 'left' | 'center' | 'right' };

export type ComposeSpec = {
  code: Buffer;
  fg: string;
  bg: string;
  valueText?: (TextBand & { position: 'top' | 'bottom' }) | undefined;
  caption?: (TextBand & { position: 'top' | 'bottom' }) | undefined;
  logo?: { png: Buffer; position: 'center' | 'top' | 'bottom' | 'left' | 'right' } | undefined;
  frame: boolean;
  width?: number | undefined;
  format: 'png' | 'jpg' | 'gif';
};

type Raw = { data: Buffer; width: number; height: number };

function rgb(hex: string): { r: number; g: number; b: number } {
  return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16) };
}

/** Rasterises one line of text as RGBA (colour `fg`, transparent elsewhere). */
export function rasterText(text: string, size: number, fg: string): Raw {
  const px = Math.max(8, Math.round(size));
  const glyphs = [...text].map((ch) => bwipjs.FontLib.getglyph(FONT_ID, ch.codePointAt(0) ?? 32, px, px));
  let ascent = 0;
  let descent = 0;
  let width = 0;
  glyphs.forEach((g, i) => {
    ascent = Math.max(ascent, g.top);
    descent = Math.max(descent, g.height - g.top);
    width += i === glyphs.length - 1 ? Math.max(g.advance, g.left + g.width) : g.advance;
  });
  const pad = Math.ceil(px * 0.25);
  const w = Math.max(1, width);
  const h = Math.max(1, ascent + descent + pad * 2);
  const data = Buffer.alloc(w * h * 4, 0);
  const { r, g: gg, b } = rgb(fg);
  let x0 = 0;
  for (const g of glyphs) {
    for (let j = 0; j < g.height; j += 1) {
      for (let i = 0; i < g.width; i += 1) {
        const a = g.bytes[g.offset + j * g.width + i] ?? 0;
        if (a === 0) continue;
        const x = x0 + g.left + i;
        const y = pad + ascent - g.top + j;
        if (x < 0 || x >= w || y < 0 || y >= h) continue;
        const o = (y * w + x) * 4;
        data[o] = r;
        data[o + 1] = gg;
        data[o + 2] = b;
        data[o + 3] = Math.max(data[o + 3] ?? 0, a);
      }
    }
    x0 += g.advance;
  }
  return { data, width: w, height: h };
}

async function toRaw(input: Buffer): Promise<Raw> {
  const { data, info } = await sharpPackage()(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function resizeRaw(img: Raw, opts: ResizeOptions): Promise<Raw> {
  const { data, info } = await sharpPackage()(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).resize(opts).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function overlay(img: Raw, left: number, top: number): OverlayOptions {
  return { input: img.data, raw: { width: img.width, height: img.height, channels: 4 }, left: Math.round(left), top: Math.round(top) };
}

/** Builds the final image: code scaled to the target width, logo, text bands, frame, format. */
export async function composeBarcode(spec: ComposeSpec): Promise<Buffer> {
  const bg = rgb(spec.bg);
  let code = await toRaw(spec.code);
  if (spec.width !== undefined && spec.width !== code.width) {
    // Whole-pixel scaling keeps every module the same size; downscaling only when it must.
    const k = Math.floor(spec.width / code.width);
    const width = k >= 1 ? code.width * k : spec.width;
    code = await resizeRaw(code, { width, kernel: 'nearest' });
  }
  const layers: OverlayOptions[] = [];
  const unit = Math.max(2, Math.round(code.width / 60));

  let logoTop: Raw | undefined;
  let logoBottom: Raw | undefined;
  let logoLeft: Raw | undefined;
  let logoRight: Raw | undefined;
  let centre: { logo: Raw } | undefined;
  if (spec.logo) {
    const logo = await toRaw(spec.logo.png);
    switch (spec.logo.position) {
      case 'center': {
        // About 20% of the width: level H (30% recovery) keeps the code readable under it.
        const box = Math.max(8, Math.round(code.width * 0.2));
        centre = { logo: await resizeRaw(logo, { width: box, height: box, fit: 'inside' }) };
        break;
      }
      case 'top':
      case 'bottom': {
        const scaled = await resizeRaw(logo, { width: code.width, height: Math.max(8, Math.round(code.height / 2)), fit: 'inside', withoutEnlargement: true });
        if (spec.logo.position === 'top') logoTop = scaled;
        else logoBottom = scaled;
        break;
      }
      case 'left':
      case 'right': {
        const scaled = await resizeRaw(logo, { width: Math.max(8, Math.round(code.width * 0.6)), height: code.height, fit: 'inside', withoutEnlargement: true });
        if (spec.logo.position === 'left') logoLeft = scaled;
        else logoRight = scaled;
        break;
      }
    }
  }

  const value = spec.valueText ? rasterText(spec.valueText.text, spec.valueText.size, spec.fg) : undefined;
  const caption = spec.caption ? rasterText(spec.caption.text, spec.caption.size, spec.fg) : undefined;

  const middleWidth = (logoLeft ? logoLeft.width + unit : 0) + code.width + (logoRight ? logoRight.width + unit : 0);
  const middleHeight = Math.max(code.height, logoLeft?.height ?? 0, logoRight?.height ?? 0);
  const inner = Math.max(middleWidth, value?.width ?? 0, caption?.width ?? 0, logoTop?.width ?? 0, logoBottom?.width ?? 0);
  const margin = spec.frame ? unit * 2 : 0;
  const width = inner + margin * 2;

  type Row = { img?: Raw; height: number; align: 'left' | 'center' | 'right'; middle?: true };
  const rows: Row[] = [];
  const band = (img: Raw | undefined, align: Row['align']) => {
    if (img) rows.push({ img, height: img.height, align });
  };
  band(logoTop, 'center');
  if (caption && spec.caption?.position === 'top') band(caption, spec.caption.align);
  if (value && spec.valueText?.position === 'top') band(value, spec.valueText.align);
  rows.push({ height: middleHeight, align: 'center', middle: true });
  if (value && spec.valueText?.position !== 'top') band(value, spec.valueText?.align ?? 'center');
  if (caption && spec.caption?.position !== 'top') band(caption, spec.caption?.align ?? 'left');
  band(logoBottom, 'center');
  const height = rows.reduce((sum, r) => sum + r.height + (r.middle ? 0 : unit), 0) + margin * 2;

  let y = margin;
  for (const row of rows) {
    if (row.middle) {
      let x = margin + (inner - middleWidth) / 2;
      if (logoLeft) {
        layers.push(overlay(logoLeft, x, y + (middleHeight - logoLeft.height) / 2));
        x += logoLeft.width + unit;
      }
      const codeX = x;
      const codeY = y + (middleHeight - code.height) / 2;
      layers.push(overlay(code, codeX, codeY));
      if (centre) {
        const { logo } = centre;
        const padPx = Math.max(2, Math.round(logo.width * 0.08));
        const plate: Raw = { data: Buffer.alloc((logo.width + padPx * 2) * (logo.height + padPx * 2) * 4), width: logo.width + padPx * 2, height: logo.height + padPx * 2 };
        for (let i = 0; i < plate.data.length; i += 4) {
          plate.data[i] = bg.r;
          plate.data[i + 1] = bg.g;
          plate.data[i + 2] = bg.b;
          plate.data[i + 3] = 255;
        }
        layers.push(overlay(plate, codeX + (code.width - plate.width) / 2, codeY + (code.height - plate.height) / 2));
        layers.push(overlay(logo, codeX + (code.width - logo.width) / 2, codeY + (code.height - logo.height) / 2));
      }
      x += code.width + unit;
      if (logoRight) layers.push(overlay(logoRight, x, y + (middleHeight - logoRight.height) / 2));
      y += row.height;
      continue;
    }
    const img = row.img!;
    const pad = Math.max(unit, Math.round(width * 0.03));
    const x = row.align === 'center' ? (width - img.width) / 2 : row.align === 'left' ? Math.min(pad, width - img.width) : Math.max(0, width - pad - img.width);
    layers.push(overlay(img, Math.max(0, x), y));
    y += row.height + unit;
  }

  let out = sharpPackage()({ create: { width, height, channels: 4, background: { ...bg, alpha: 1 } } }).composite(layers);
  if (spec.frame) {
    // Draw the frame by composing onto a canvas in the bar colour, one border inset.
    const framed = await out.png().toBuffer();
    const line = Math.max(1, Math.round(unit / 2));
    out = sharpPackage()(framed).extract({ left: line, top: line, width: width - line * 2, height: height - line * 2 }).extend({ top: line, bottom: line, left: line, right: line, background: { ...rgb(spec.fg), alpha: 1 } });
  }
  switch (spec.format) {
    case 'png':
      return out.png({ compressionLevel: 6 }).toBuffer();
    case 'jpg':
      return out.flatten({ background: bg }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'gif':
      return out.gif().toBuffer();
  }
}
