#!/usr/bin/env node
// Draws the scanner's PWA icons (public/icons/*.png) from the favicon's design: white barcode bars on
// the brand blue. No image library: pixels are filled here and written as PNG with node:zlib.
// Run again only when the design changes: node apps/web/scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const blue = [0x21, 0x96, 0xf3, 255];
const white = [255, 255, 255, 255];
// The favicon's bars on its 32-unit grid: [x, width].
const bars = [[6, 2], [10, 1], [13, 3], [18, 1], [21, 2], [25, 1]];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x + 0.5, y + 0.5), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** The design at `size` px; `inset` shrinks the bars into the maskable safe zone, `rounded` cuts the corners. */
function icon(size, { rounded, inset }) {
  const unit = (size * (1 - 2 * inset)) / 32;
  const offset = size * inset;
  const radius = rounded ? size * (6 / 32) : 0;
  return png(size, (x, y) => {
    if (radius > 0) {
      const cx = Math.min(Math.max(x, radius), size - radius);
      const cy = Math.min(Math.max(y, radius), size - radius);
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
    }
    const u = (x - offset) / unit;
    const v = (y - offset) / unit;
    const onBar = v >= 8 && v < 24 && bars.some(([start, width]) => u >= start && u < start + width);
    return onBar ? white : blue;
  });
}

writeFileSync(join(out, 'icon-192.png'), icon(192, { rounded: true, inset: 0 }));
writeFileSync(join(out, 'icon-512.png'), icon(512, { rounded: true, inset: 0 }));
writeFileSync(join(out, 'maskable-512.png'), icon(512, { rounded: false, inset: 0.1 }));
writeFileSync(join(out, 'apple-touch-icon-180.png'), icon(180, { rounded: false, inset: 0.06 }));
console.log(`icons written to ${out}`);
