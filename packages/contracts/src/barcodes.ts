import { z } from 'zod';
import { id, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/**
 * The symbologies the web app offers by name. The server accepts every bwip-js `bcid`
 * (about 110 of them, for example `code93`, `maxicode`, `dotcode`); these are the common ones.
 */
export const commonSymbologies = [
  { id: 'qrcode', label: 'QR Code', kind: '2d' },
  { id: 'microqrcode', label: 'Micro QR Code', kind: '2d' },
  { id: 'datamatrix', label: 'Data Matrix', kind: '2d' },
  { id: 'pdf417', label: 'PDF417', kind: '2d' },
  { id: 'azteccode', label: 'Aztec Code', kind: '2d' },
  { id: 'code128', label: 'Code 128', kind: 'linear' },
  { id: 'gs1-128', label: 'GS1-128', kind: 'linear' },
  { id: 'code39', label: 'Code 39', kind: 'linear' },
  { id: 'ean13', label: 'EAN-13', kind: 'linear' },
  { id: 'ean8', label: 'EAN-8', kind: 'linear' },
  { id: 'upca', label: 'UPC-A', kind: 'linear' },
  { id: 'upce', label: 'UPC-E', kind: 'linear' },
  { id: 'itf14', label: 'ITF-14', kind: 'linear' },
] as const;

/** A bwip-js symbology id (`qrcode`, `code128`, `ean13`, ...); unknown ids are refused by the server. */
export const symbology = z.string().trim().min(2).max(40);

const hexColor = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C')
  .transform((v) => v.replace('#', '').toUpperCase());

export const errorCorrection = z.enum(['L', 'M', 'Q', 'H']);
export const logoPosition = z.enum(['center', 'top', 'bottom', 'left', 'right']);

/**
 * How a barcode looks. Every field is optional: the server fills defaults per symbology, and a
 * template's options apply under the fields given in the request.
 */
export const barcodeOptions = z.object({
  symbology: symbology.optional(),
  /** Pixels per module (1-20). */
  scale: z.number().int().min(1).max(20).optional(),
  /** Target image width in pixels; the code is scaled by whole pixels and centred (legacy `size`). */
  width: z.number().int().min(50).max(4000).optional(),
  /** Bar height of linear codes, in millimetres at 72 dpi and scale 1 (bwip-js `height`). */
  barHeight: z.number().min(2).max(100).optional(),
  /** Quiet zone around the code, in modules. */
  margin: z.number().int().min(0).max(40).optional(),
  barColor: hexColor.optional(),
  backgroundColor: hexColor.optional(),
  /** Human-readable value: shown (default for linear codes) or hidden, its size and place. */
  showValue: z.boolean().optional(),
  valueSize: z.number().int().min(6).max(60).optional(),
  valuePosition: z.enum(['top', 'bottom']).optional(),
  /** A caption line of your own (Latin letters, digits and punctuation). */
  caption: z.string().max(200).optional(),
  captionSize: z.number().int().min(6).max(60).optional(),
  captionAlign: z.enum(['left', 'center', 'right']).optional(),
  captionPosition: z.enum(['top', 'bottom']).optional(),
  errorCorrection: errorCorrection.optional(),
  rotate: z.enum(['N', 'R', 'L', 'I']).optional(),
  /** A thin frame in the bar colour around the whole image. */
  frame: z.boolean().optional(),
  /** Where a template's logo goes: over the centre (QR only, forces level H) or beside the code. */
  logoPosition: logoPosition.optional(),
});
export type BarcodeOptions = z.infer<typeof barcodeOptions>;

export const imageFormat = z.enum(['png', 'svg', 'jpg', 'gif']);

export const generateBarcode = defineV2Route({
  path: 'barcode/generate',
  access: 'session',
  summary: 'Render one barcode; answers the image bytes (PNG unless `format` says svg, jpg or gif).',
  body: barcodeOptions.extend({
    value: z.string().min(1, 'Enter the value to encode').max(4000),
    format: imageFormat.default('png'),
    templateId: id.optional(),
  }),
  // Raw bytes, not JSON.
  reply: z.unknown(),
});

export const barcodeTemplate = z.object({
  id,
  name: z.string(),
  options: barcodeOptions,
  logoFileName: z.string().nullable(),
  logoWidth: z.number().int().nullable(),
  logoHeight: z.number().int().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BarcodeTemplate = z.infer<typeof barcodeTemplate>;

const templateName = z.string().trim().min(1, 'Give the template a name').max(80);

export const listBarcodeTemplates = defineV2Route({
  path: 'barcode_template/list',
  access: 'session',
  summary: 'Barcode templates of the account, by name.',
  body: z.object({}),
  reply: z.object({ items: z.array(barcodeTemplate) }),
});

export const createBarcodeTemplate = defineV2Route({
  path: 'barcode_template/create',
  access: 'admin',
  summary: 'Create a template; send multipart with `params` JSON and an optional `logo` file (PNG, JPG or GIF, 1 MB max).',
  body: z.object({ name: templateName, options: barcodeOptions.default({}) }),
  reply: barcodeTemplate,
});

export const updateBarcodeTemplate = defineV2Route({
  path: 'barcode_template/update',
  access: 'admin',
  summary: 'Change a template; a `logo` file part replaces the logo, `removeLogo` drops it.',
  body: z.object({ id, name: templateName.optional(), options: barcodeOptions.optional(), removeLogo: z.boolean().default(false) }),
  reply: barcodeTemplate,
});

export const deleteBarcodeTemplate = defineV2Route({
  path: 'barcode_template/delete',
  access: 'admin',
  summary: 'Delete a template and its logo.',
  body: z.object({ id }),
  reply: okReply,
});

export const downloadTemplateLogo = defineV2Route({
  path: 'barcode_template/download_logo',
  access: 'session',
  summary: "A template logo by file name, as a PNG data URL.",
  body: z.object({ fileName: z.string().trim().min(1).max(120) }),
  reply: z.object({ dataUrl: z.string() }),
});

/** Label sheet layouts (see docs/BARCODES.md for the exact measurements). */
export const labelLayouts = ['avery-l7160', 'avery-l7159', 'avery-l7163', 'avery-5160', 'avery-5163', 'thermal-4x6', 'thermal-2x1', 'thermal-62x29'] as const;
export const labelLayout = z.enum(labelLayouts);
export type LabelLayoutName = z.infer<typeof labelLayout>;

/** The most labels one sheet request may hold. */
export const MAX_LABELS = 10_000;

export const labelRange = z.object({
  prefix: z.string().max(40).default(''),
  suffix: z.string().max(40).default(''),
  start: z.number().int().min(0).max(1e12),
  end: z.number().int().min(0).max(1e12),
  /** Zero-pad the number to this many digits. */
  padding: z.number().int().min(0).max(18).default(0),
  step: z.number().int().min(1).max(1_000_000).default(1),
});
export type LabelRange = z.infer<typeof labelRange>;

export const generateLabels = defineV2Route({
  path: 'barcode/labels',
  access: 'session',
  summary: 'A PDF of labels on a sheet layout, from a list of values or a numeric range (10,000 labels max).',
  body: z
    .object({
      layout: labelLayout.default('avery-l7160'),
      values: z.array(z.string().min(1).max(4000)).max(MAX_LABELS, `At most ${MAX_LABELS} labels per sheet request`).optional(),
      range: labelRange.optional(),
      symbology: symbology.default('qrcode'),
      errorCorrection: errorCorrection.optional(),
      showValue: z.boolean().default(true),
      /** Skip this many labels at the start of the first sheet (a partly used sheet). */
      skip: z.number().int().min(0).max(200).default(0),
      /** Copies of each value, next to each other. */
      copies: z.number().int().min(1).max(100).default(1),
    })
    .refine((b) => (b.values !== undefined) !== (b.range !== undefined), { message: 'Give either values or range', path: ['values'] }),
  reply: z.unknown(),
});
