// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { modulesPath, qrShape } from './qr-code';

/** Draws a path of modulesPath's form (`M x y h run v1 h-run z`) back into a grid. */
function rasterise(size: number, path: string): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let col = Number(x); col < Number(x) + Number(run); col += 1) grid[Number(y)]![col] = true;
  }
  return grid;
}

describe('modulesPath', () => {
  it('draws each row run of dark modules as one rectangle', () => {
    const dark = [
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 1],
    ];
    const path = modulesPath(3, (row, col) => dark[row]![col] === 1);
    expect(path).toBe('M0 0h2v1h-2zM1 1h1v1h-1zM0 2h1v1h-1zM2 2h1v1h-1z');
    expect(rasterise(3, path)).toEqual(dark.map((row) => row.map((cell) => cell === 1)));
  });

  it('is empty for an all-light grid', () => {
    expect(modulesPath(4, () => false)).toBe('');
  });
});

describe('qrShape', () => {
  it('encodes the address so that a QR reader gives it back', async () => {
    const text = 'https://scan.example.com/scanner';
    const { size, path } = qrShape(text);
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);

    // The drawn path as an RGBA image: 4 px per module and a quiet zone of 4 modules, read by zxing (the scanner's reader).
    const grid = rasterise(size, path);
    const scale = 4;
    const side = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        const row = Math.floor(y / scale) - 4;
        const col = Math.floor(x / scale) - 4;
        if (grid[row]?.[col]) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
    const found = await readBarcodes({ data: pixels, width: side, height: side, colorSpace: 'srgb' }, { formats: ['QRCode'] });
    expect(found.map((barcode) => barcode.text)).toEqual([text]);
  });

  it('finder patterns sit in three corners', () => {
    const { size, path } = qrShape('https://scan.example.com/scanner');
    const grid = rasterise(size, path);
    for (const [row, col] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      expect(grid[row]!.slice(col, col + 7).every(Boolean)).toBe(true);
      expect(grid[row + 2]![col + 1]).toBe(false);
      expect(grid[row + 3]![col + 3]).toBe(true);
    }
  });
});
