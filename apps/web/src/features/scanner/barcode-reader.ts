import zxingReaderWasm from '@scanbase/zxing-reader-wasm?url';
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';

let prepared = false;

/**
 * A BarcodeDetector (the `barcode-detector` ponyfill on zxing-wasm) for the given formats. The reader's
 * .wasm comes from our own server (vite.config.ts resolves the file the ponyfill was built with);
 * the ponyfill's default would fetch it from a CDN.
 */
export function createBarcodeReader(formats: readonly string[]): BarcodeDetector {
  if (!prepared) {
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(zxingReaderWasm, window.location.href).href : prefix + path) },
    });
    prepared = true;
  }
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
