import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/*
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>.y4m`): a barcode
 * drawn by zxing-wasm's writer, centred on a white frame, as raw YUV 4:2:0 frames behind a Y4M header.
 * No ffmpeg: Y4M is a text header plus "FRAME\n" and the three planes per frame.
 */

let prepared = false;

/** The barcode as a one-channel bitmap (0 black, 255 white), one value per module. */
export async function barcodeModules(text: string, format: 'QRCode' | 'Code128' = 'QRCode'): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  if (!prepared) {
    // In Node the writer's .wasm comes from node_modules (its default address is a CDN).
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
    prepared = true;
  }
  const result = await writeBarcode(text, { format, scale: 1 });
  if (result.error) throw new Error(`zxing-wasm could not write ${text}: ${result.error}`);
  return result.symbol;
}

/** Writes a Y4M video of `frames` identical frames showing the barcode large and sharp. */
export async function writeBarcodeVideo(path: string, text: string, options: { width?: number; height?: number; frames?: number; format?: 'QRCode' | 'Code128' } = {}): Promise<void> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const frames = options.frames ?? 10;
  const symbol = await barcodeModules(text, options.format);
  // Whole pixels per module, with a quiet zone of 4 modules on every side.
  const scale = Math.max(1, Math.floor(Math.min(width / (symbol.width + 8), height / (symbol.height + 8))));
  const left = Math.floor((width - symbol.width * scale) / 2);
  const top = Math.floor((height - symbol.height * scale) / 2);

  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < symbol.height * scale; y++) {
    for (let x = 0; x < symbol.width * scale; x++) {
      const module = symbol.data[Math.floor(y / scale) * symbol.width + Math.floor(x / scale)] ?? 255;
      luma[(top + y) * width + left + x] = module < 128 ? 16 : 235;
    }
  }
  // Grey: both chroma planes at the neutral value.
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'latin1'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'latin1');
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
