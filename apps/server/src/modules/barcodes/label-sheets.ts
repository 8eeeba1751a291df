import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { LabelLayoutName } from '@scanbase/contracts';
import type { LabelImage } from './render-core.js';

// Label sheet layouts and the PDF writer. Sizes are PDF points (1/72 in).

const MM = 72 / 25.4;
const IN = 72;

/** A sheet: page size, grid, label size and pitch, and the inner padding of each label. */
export type LabelLayout = {
  name: LabelLayoutName;
  description: string;
  page: [number, number];
  columns: number;
  rows: number;
  label: [number, number];
  origin: [number, number];
  pitch: [number, number];
  padding: number;
};

/** Avery-style A4 and US Letter sheets, and single labels for thermal printers (one label per page). */
export const LABEL_LAYOUTS: Record<LabelLayoutName, LabelLayout> = {
  'avery-l7160': { name: 'avery-l7160', description: 'A4, 3 × 7, 63.5 × 38.1 mm (Avery L7160)', page: [210 * MM, 297 * MM], columns: 3, rows: 7, label: [63.5 * MM, 38.1 * MM], origin: [7.25 * MM, 15.15 * MM], pitch: [66.04 * MM, 38.1 * MM], padding: 2.5 * MM },
  'avery-l7159': { name: 'avery-l7159', description: 'A4, 3 × 8, 63.5 × 33.9 mm (Avery L7159)', page: [210 * MM, 297 * MM], columns: 3, rows: 8, label: [63.5 * MM, 33.9 * MM], origin: [7.25 * MM, 12.9 * MM], pitch: [66.04 * MM, 33.9 * MM], padding: 2.5 * MM },
  'avery-l7163': { name: 'avery-l7163', description: 'A4, 2 × 7, 99.1 × 38.1 mm (Avery L7163)', page: [210 * MM, 297 * MM], columns: 2, rows: 7, label: [99.1 * MM, 38.1 * MM], origin: [4.65 * MM, 15.15 * MM], pitch: [101.6 * MM, 38.1 * MM], padding: 2.5 * MM },
  'avery-5160': { name: 'avery-5160', description: 'US Letter, 3 × 10, 2⅝ × 1 in (Avery 5160)', page: [8.5 * IN, 11 * IN], columns: 3, rows: 10, label: [2.625 * IN, 1 * IN], origin: [0.1875 * IN, 0.5 * IN], pitch: [2.75 * IN, 1 * IN], padding: 0.08 * IN },
  'avery-5163': { name: 'avery-5163', description: 'US Letter, 2 × 5, 4 × 2 in (Avery 5163)', page: [8.5 * IN, 11 * IN], columns: 2, rows: 5, label: [4 * IN, 2 * IN], origin: [0.15625 * IN, 0.5 * IN], pitch: [4.1875 * IN, 2 * IN], padding: 0.12 * IN },
  'thermal-4x6': { name: 'thermal-4x6', description: 'Thermal, 4 × 6 in, one label per page', page: [4 * IN, 6 * IN], columns: 1, rows: 1, label: [4 * IN, 6 * IN], origin: [0, 0], pitch: [4 * IN, 6 * IN], padding: 0.25 * IN },
  'thermal-2x1': { name: 'thermal-2x1', description: 'Thermal, 2 × 1 in, one label per page', page: [2 * IN, 1 * IN], columns: 1, rows: 1, label: [2 * IN, 1 * IN], origin: [0, 0], pitch: [2 * IN, 1 * IN], padding: 0.06 * IN },
  'thermal-62x29': { name: 'thermal-62x29', description: 'Thermal, 62 × 29 mm (Brother DK-11209), one label per page', page: [62 * MM, 29 * MM], columns: 1, rows: 1, label: [62 * MM, 29 * MM], origin: [0, 0], pitch: [62 * MM, 29 * MM], padding: 1.5 * MM },
};

type PdfImage = { width: number; height: number };
type DocWithOpen = PDFKit.PDFDocument & { openImage(src: Buffer): PdfImage };

/** One label to print: its value and the key of its rendered image. */
export type LabelItem = { value: string; imageKey: string };

/**
 * Writes the PDF. Each distinct image is embedded once and placed as often as needed; the
 * loop yields to the event loop every `yieldEvery` labels so other requests keep flowing.
 */
export async function writeLabelPdf(input: {
  layout: LabelLayout;
  items: LabelItem[];
  images: Map<string, LabelImage>;
  showValue: boolean;
  skip: number;
  compress?: boolean;
  yieldEvery?: number;
}): Promise<Buffer> {
  const { layout, items, images, showValue } = input;
  // Loaded on first use: ~0.5 s of the server's start-up otherwise (issue 18, `npm start` < 3 s).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: layout.page, margin: 0, autoFirstPage: false, compress: input.compress ?? true, info: { Title: 'Barcode labels', Producer: 'Scanbase', Creator: 'Scanbase' } }) as DocWithOpen;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const opened = new Map<string, PdfImage>();
  const perPage = layout.columns * layout.rows;
  const yieldEvery = input.yieldEvery ?? 200;
  const [lw, lh] = layout.label;
  const pad = layout.padding;
  const fontSize = Math.max(5, Math.min(11, lh * 0.11));
  const textH = showValue ? fontSize * 1.25 : 0;
  doc.font('Helvetica').fontSize(fontSize);

  for (let i = 0; i < items.length; i += 1) {
    const slot = i + input.skip;
    if (i === 0 || slot % perPage === 0) doc.addPage({ size: layout.page, margin: 0 });
    const cell = slot % perPage;
    const col = cell % layout.columns;
    const row = Math.floor(cell / layout.columns);
    const x0 = layout.origin[0] + col * layout.pitch[0] + pad;
    const y0 = layout.origin[1] + row * layout.pitch[1] + pad;
    const w = lw - pad * 2;
    const h = lh - pad * 2 - textH;
    const item = items[i]!;
    const img = images.get(item.imageKey);
    if (img) {
      let handle = opened.get(item.imageKey);
      if (!handle) {
        handle = doc.openImage(Buffer.from(img.png.buffer, img.png.byteOffset, img.png.byteLength));
        opened.set(item.imageKey, handle);
      }
      let dw: number;
      let dh: number;
      if (img.kind === 'linear') {
        dw = w;
        dh = Math.min(h, w * 0.5);
      } else {
        const k = Math.min(w / img.widthIn, h / img.heightIn);
        dw = img.widthIn * k;
        dh = img.heightIn * k;
      }
      doc.image(handle as unknown as Buffer, x0 + (w - dw) / 2, y0 + (h - dh) / 2, { width: dw, height: dh });
    }
    if (showValue) {
      doc.text(item.value, x0, y0 + h + fontSize * 0.15, { width: w, align: 'center', lineBreak: false, ellipsis: true, height: textH });
    }
    if ((i + 1) % yieldEvery === 0) await yieldToLoop();
  }
  if (items.length === 0) doc.addPage({ size: layout.page, margin: 0 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
