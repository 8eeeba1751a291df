import { create } from 'qrcode';

/** A QR code as an SVG path of its dark modules, one unit per module, without the quiet zone. */
export type QrShape = { size: number; path: string };

/** The SVG path of a square module grid: each row's runs of dark modules as one rectangle. */
export function modulesPath(size: number, dark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col += 1;
      const run = col - start;
      parts.push(`M${start} ${row}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}

/** The QR code of `text` (error correction M: survives a smudge or glare on a printed poster). */
export function qrShape(text: string): QrShape {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  return { size, path: modulesPath(size, (row, col) => data[row * size + col] === 1) };
}
