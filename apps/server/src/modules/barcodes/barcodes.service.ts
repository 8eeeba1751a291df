import { createHash, randomBytes } from 'node:crypto';
import { barcodeOptions, MAX_LABELS, type BarcodeOptions, type BarcodeTemplate, type LabelLayoutName, type LabelRange } from '@scanbase/contracts';
import type { RenderOptions } from 'bwip-js';
import { AppError } from '../../platform/errors.js';
import { sharpPackage } from '../../platform/images.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { composeBarcode } from './barcode-image.js';
import type { BarcodesRepo, BarcodeTemplateRow } from './barcodes.repo.js';
import { LABEL_LAYOUTS, writeLabelPdf, type LabelItem } from './label-sheets.js';
import { BarcodeEncodeError, type LabelImage } from './render-core.js';
import type { RenderPool } from './render-pool.js';
import { checkValue, requiredEncoderOptions, resolveSymbology, symbologyKind, symbologyLabel, ValueRuleError } from './symbologies.js';

/** Largest logo upload accepted (before re-encoding). */
export const LOGO_MAX_BYTES = 1_048_576;
/** Logos are scaled down to fit this box on upload. */
export const LOGO_MAX_PX = 1024;
const LOGO_NAME = /^logo-[0-9a-f]{24}\.png$/;

export type ImageFormat = 'png' | 'svg' | 'jpg' | 'gif';
export type ImageOut = { contentType: string; body: Buffer };
export type GenerateInput = BarcodeOptions & { value: string; format: ImageFormat; templateId?: number | undefined };
/** A logo ready to draw: PNG bytes plus an identity for the render cache. */
export type LogoInput = { png: Buffer; id: string };

const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg', gif: 'image/gif' };
/** bwip-js options plus `eclevel`, which its typings leave out. */
type BwipOptions = RenderOptions & { eclevel?: string | number | undefined };

const QR_IDS = new Set(['qrcode', 'gs1qrcode', 'hibcqrcode', 'gs1dlqrcode']);
const EAN_UPC = new Set(['ean13', 'ean8', 'upca', 'upce', 'isbn', 'ismn', 'issn']);
const PDF417_EC: Record<string, number> = { L: 2, M: 4, Q: 5, H: 6 };
const AZTEC_EC: Record<string, number> = { L: 10, M: 23, Q: 36, H: 50 };

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

/** An LRU of finished images, bounded by bytes. */
class ImageCache {
  private readonly map = new Map<string, ImageOut>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): ImageOut | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: ImageOut): void {
    if (value.body.length > this.maxBytes / 16) return;
    this.map.set(key, value);
    this.bytes += value.body.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

/** Barcode images, templates with logos, and label sheets. */
export class BarcodesService {
  private readonly cache: ImageCache;

  constructor(private readonly deps: { repo: BarcodesRepo; storage: BlobStorage; pool: RenderPool; cacheBytes?: number }) {
    this.cache = new ImageCache(deps.cacheBytes ?? 32 * 1024 * 1024);
  }

  /** Starts the render threads and warms them up (benches, for steady-state figures; the server lets them start with the first render). */
  warmUp(): Promise<void> {
    return this.deps.pool.warmUp();
  }

  /** Render threads running now: none before the first render and after an idle pause (figures, tests). */
  renderThreads(): number {
    return this.deps.pool.threads;
  }

  /** Stops the render workers. */
  close(): Promise<void> {
    return this.deps.pool.close();
  }

  /** V2 generate: a template's options apply under the request's own. */
  async generate(accountId: number, input: GenerateInput): Promise<ImageOut> {
    const { value, format, templateId, ...own } = input;
    let options: BarcodeOptions = own;
    let logo: LogoInput | undefined;
    if (templateId !== undefined) {
      const row = await this.deps.repo.get(accountId, templateId);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such barcode template.', [{ path: 'templateId', message: 'No such template' }]);
      const stored = parseOptions(row.options);
      options = { ...stored, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
      if (row.logo_file_name) {
        const png = await this.deps.storage.get(logoKey(accountId, row.logo_file_name));
        if (png) logo = { png, id: `${row.logo_file_name}@${row.updated_at}` };
      }
    }
    return this.render(value, format, options, logo);
  }

  /** Renders one barcode image from resolved options (both APIs end here). */
  async render(value: string, format: ImageFormat, options: BarcodeOptions, logo?: LogoInput): Promise<ImageOut> {
    const bcid = resolveSymbology(options.symbology ?? 'qrcode');
    if (!bcid) throw invalid('symbology', `Unknown symbology "${options.symbology ?? ''}". Use a bwip-js id such as qrcode, datamatrix, code128 or ean13.`);
    try {
      checkValue(bcid, value);
    } catch (error) {
      if (error instanceof ValueRuleError) throw invalid('value', error.message);
      throw error;
    }
    const kind = symbologyKind(bcid);
    const scale = options.scale ?? (kind === '2d' ? 4 : 2);
    const fg = options.barColor ?? '000000';
    const bg = options.backgroundColor ?? 'FFFFFF';
    const showValue = options.showValue ?? kind === 'linear';
    const valueSize = options.valueSize ?? Math.min(60, Math.max(10, scale * 5));
    const logoPosition = options.logoPosition ?? (QR_IDS.has(bcid) ? 'center' : 'top');
    if (logo && logoPosition === 'center' && !QR_IDS.has(bcid)) {
      throw invalid('logoPosition', `A logo over the centre only works on QR codes (error correction H); put it top, bottom, left or right of ${symbologyLabel(bcid)}.`);
    }
    const caption = options.caption?.trim() ? options.caption : undefined;
    const needsCompose = logo !== undefined || caption !== undefined || (showValue && kind === '2d') || options.frame === true || options.width !== undefined || format === 'jpg' || format === 'gif';
    if (format === 'svg' && needsCompose) {
      throw invalid('format', 'SVG output carries the code and its human-readable text only; use PNG for logos, captions, frames, a fixed width or text under 2D codes.');
    }

    const bwip: BwipOptions = { bcid, text: value, scale, padding: options.margin ?? (kind === '2d' ? (bcid.includes('micro') ? 2 : 4) : 10), barcolor: fg, backgroundcolor: bg, ...requiredEncoderOptions(bcid) };
    if (options.rotate) bwip.rotate = options.rotate;
    if (kind === 'linear') {
      bwip.height = options.barHeight ?? 15;
      if (showValue && EAN_UPC.has(bcid)) {
        // EAN/UPC print their digits in the standard places, beside the guard bars.
        Object.assign(bwip, { includetext: true, guardwhitespace: true, textcolor: fg }, options.valueSize !== undefined ? { textsize: Math.max(4, options.valueSize / scale) } : {});
      } else if (showValue) {
        Object.assign(bwip, { includetext: true, textxalign: 'center', textsize: Math.max(4, valueSize / scale), textyalign: options.valuePosition === 'top' ? 'above' : 'below', textcolor: fg });
      }
    }
    const ec = logo && logoPosition === 'center' ? 'H' : options.errorCorrection;
    if (ec) {
      if (bcid.includes('qrcode')) bwip.eclevel = ec;
      else if (bcid.includes('pdf417')) bwip.eclevel = PDF417_EC[ec];
      else if (bcid.includes('aztec')) bwip.eclevel = AZTEC_EC[ec];
    }

    const key = JSON.stringify([format, bwip, showValue, valueSize, options.valuePosition, caption, options.captionSize, options.captionAlign, options.captionPosition, options.frame, options.width, logo?.id, logoPosition]);
    const cached = this.cache.get(key);
    if (cached) return cached;

    let out: ImageOut;
    try {
      if (format === 'svg') {
        const r = await this.deps.pool.render({ op: 'svg', opts: bwip });
        out = { contentType: CONTENT_TYPES.svg, body: Buffer.from(r.op === 'svg' ? r.svg : '') };
      } else {
        const r = await this.deps.pool.render({ op: 'png', opts: bwip });
        const png = r.op === 'png' ? Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength) : Buffer.alloc(0);
        if (!needsCompose) out = { contentType: CONTENT_TYPES.png, body: png };
        else {
          const body = await composeBarcode({
            code: png,
            fg,
            bg,
            valueText: showValue && kind === '2d' ? { text: value, size: valueSize, align: 'center', position: options.valuePosition ?? 'bottom' } : undefined,
            caption: caption !== undefined ? { text: caption, size: options.captionSize ?? Math.min(60, Math.max(10, scale * 5)), align: options.captionAlign ?? 'center', position: options.captionPosition ?? 'bottom' } : undefined,
            logo: logo ? { png: logo.png, position: logoPosition } : undefined,
            frame: options.frame === true,
            width: options.width,
            format,
          });
          out = { contentType: CONTENT_TYPES[format], body };
        }
      }
    } catch (error) {
      if (error instanceof BarcodeEncodeError) throw invalid('value', `${symbologyLabel(bcid)}: ${error.message}`);
      throw error;
    }
    this.cache.set(key, out);
    return out;
  }

  /** Checks and re-encodes an uploaded logo: PNG, JPG or GIF, 1 MB max, scaled into 1024 px, stored as PNG. */
  async prepareLogo(file: UploadedFile, path = 'logo'): Promise<{ png: Buffer; width: number; height: number }> {
    if (file.size > LOGO_MAX_BYTES) throw invalid(path, `The logo may be at most ${LOGO_MAX_BYTES / 1_048_576} MB.`);
    const bytes = await file.buffer();
    let format: string | undefined;
    try {
      format = (await sharpPackage()(bytes).metadata()).format;
    } catch {
      format = undefined;
    }
    if (format !== 'png' && format !== 'jpeg' && format !== 'gif') throw invalid(path, 'Upload the logo as a PNG, JPG or GIF image.');
    try {
      const { data, info } = await sharpPackage()(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: LOGO_MAX_PX, height: LOGO_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    } catch {
      throw invalid(path, 'The logo image could not be read.');
    }
  }

  async listTemplates(accountId: number): Promise<BarcodeTemplate[]> {
    return (await this.deps.repo.list(accountId)).map(toTemplate);
  }

  async createTemplate(accountId: number, input: { name: string; options: BarcodeOptions }, logoFile?: UploadedFile): Promise<BarcodeTemplate> {
    const options = checkTemplateOptions(input.options);
    const logo = logoFile ? await this.storeLogo(accountId, logoFile) : null;
    const row = await this.deps.repo.insert(accountId, { name: input.name, options: JSON.stringify(options), logo });
    return toTemplate(row);
  }

  async updateTemplate(accountId: number, input: { id: number; name?: string | undefined; options?: BarcodeOptions | undefined; removeLogo: boolean }, logoFile?: UploadedFile): Promise<BarcodeTemplate> {
    const before = await this.deps.repo.get(accountId, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'There is no such barcode template.');
    const options = input.options !== undefined ? JSON.stringify(checkTemplateOptions(input.options)) : undefined;
    const logo = logoFile ? await this.storeLogo(accountId, logoFile) : input.removeLogo ? null : undefined;
    const row = await this.deps.repo.update(accountId, input.id, { name: input.name, options, logo });
    if (!row) throw new AppError('NOT_FOUND', 'There is no such barcode template.');
    if (logo !== undefined && before.logo_file_name) await this.deps.storage.delete(logoKey(accountId, before.logo_file_name));
    return toTemplate(row);
  }

  async deleteTemplate(accountId: number, id: number): Promise<void> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row || !(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'There is no such barcode template.');
    if (row.logo_file_name) await this.deps.storage.delete(logoKey(accountId, row.logo_file_name));
  }

  /** A template logo of this account by file name; NOT_FOUND for anything else (including other accounts' logos). */
  async logo(accountId: number, fileName: string): Promise<Buffer> {
    const name = fileName.trim();
    const row = LOGO_NAME.test(name) ? await this.deps.repo.findByLogo(accountId, name) : undefined;
    const png = row ? await this.deps.storage.get(logoKey(accountId, name)) : undefined;
    if (!png) throw new AppError('NOT_FOUND', 'There is no logo with this file name.');
    return png;
  }

  /** A PDF of labels on a sheet layout, from values or a range; `onProgress` hears after each rendered chunk. */
  async labels(input: {
    layout: LabelLayoutName;
    values?: string[] | undefined;
    range?: LabelRange | undefined;
    symbology: string;
    errorCorrection?: 'L' | 'M' | 'Q' | 'H' | undefined;
    showValue: boolean;
    skip: number;
    copies: number;
  }, onProgress?: (done: number, total: number) => void): Promise<Buffer> {
    const bcid = resolveSymbology(input.symbology);
    if (!bcid) throw invalid('symbology', `Unknown symbology "${input.symbology}".`);
    const values = input.values ?? expandRange(input.range!, input.copies);
    const total = input.values ? values.length * input.copies : values.length;
    if (total > MAX_LABELS) {
      throw invalid('values', `A label sheet request holds at most ${MAX_LABELS.toLocaleString('en-US')} labels; this one has ${total.toLocaleString('en-US')}.`);
    }
    values.forEach((v, i) => {
      try {
        checkValue(bcid, v);
      } catch (error) {
        if (error instanceof ValueRuleError) throw invalid(input.values ? `values.${i}` : 'range', `Label ${i + 1} ("${v}"): ${error.message}`);
        throw error;
      }
    });
    const distinct = [...new Set(values)];
    const images = new Map<string, LabelImage>();
    const ec = input.errorCorrection;
    const chunk = 64;
    for (let i = 0; i < distinct.length; i += chunk) {
      const part = distinct.slice(i, i + chunk);
      const rendered = await Promise.all(
        part.map(async (value) => {
          const opts: BwipOptions = { bcid, text: value, ...requiredEncoderOptions(bcid) };
          if (ec && bcid.includes('qrcode')) opts.eclevel = ec;
          else if (ec && bcid.includes('pdf417')) opts.eclevel = PDF417_EC[ec];
          else if (ec && bcid.includes('aztec')) opts.eclevel = AZTEC_EC[ec];
          try {
            const r = await this.deps.pool.render({ op: 'label', opts });
            if (r.op !== 'label') throw new Error('unexpected render result');
            return [value, r.image] as const;
          } catch (error) {
            if (error instanceof BarcodeEncodeError) throw invalid(input.values ? `values.${values.indexOf(value)}` : 'range', `"${value}": ${symbologyLabel(bcid)}: ${error.message}`);
            throw error;
          }
        }),
      );
      for (const [value, image] of rendered) images.set(value, image);
      onProgress?.(images.size, distinct.length);
    }
    const items: LabelItem[] = [];
    for (const value of values) for (let c = 0; c < (input.values ? input.copies : 1); c += 1) items.push({ value, imageKey: value });
    return writeLabelPdf({ layout: LABEL_LAYOUTS[input.layout], items, images, showValue: input.showValue, skip: input.skip });
  }

  private async storeLogo(accountId: number, file: UploadedFile): Promise<{ fileName: string; width: number; height: number }> {
    const logo = await this.prepareLogo(file);
    const fileName = `logo-${randomBytes(12).toString('hex')}.png`;
    await this.deps.storage.put(logoKey(accountId, fileName), logo.png, 'image/png');
    return { fileName, width: logo.width, height: logo.height };
  }
}

/** The blob key of an account's template logo. */
export function logoKey(accountId: number, fileName: string): string {
  return `accounts/${accountId}/barcode-logos/${fileName}`;
}

/** A stable id for an uploaded (not stored) logo, for the render cache. */
export function logoId(png: Buffer): string {
  return createHash('sha256').update(png).digest('hex');
}

function checkTemplateOptions(options: BarcodeOptions): BarcodeOptions {
  if (options.symbology !== undefined) {
    const bcid = resolveSymbology(options.symbology);
    if (!bcid) throw invalid('options.symbology', `Unknown symbology "${options.symbology}".`);
    return { ...options, symbology: bcid };
  }
  return options;
}

function parseOptions(text: string): BarcodeOptions {
  try {
    const parsed = barcodeOptions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function toTemplate(row: BarcodeTemplateRow): BarcodeTemplate {
  return {
    id: row.id,
    name: row.name,
    options: parseOptions(row.options),
    logoFileName: row.logo_file_name,
    logoWidth: row.logo_width,
    logoHeight: row.logo_height,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The values of a numeric range: prefix + zero-padded number + suffix (capped before it is built). */
export function expandRange(range: LabelRange, copies: number): string[] {
  if (range.end < range.start) throw invalid('range.end', 'The range ends before it starts.');
  const count = Math.floor((range.end - range.start) / range.step) + 1;
  if (count * copies > MAX_LABELS) throw invalid('range', `A label sheet request holds at most ${MAX_LABELS.toLocaleString('en-US')} labels; this range has ${(count * copies).toLocaleString('en-US')}.`);
  const out: string[] = [];
  for (let n = range.start; n <= range.end; n += range.step) {
    for (let c = 0; c < copies; c += 1) out.push(`${range.prefix}${String(n).padStart(range.padding, '0')}${range.suffix}`);
  }
  return out;
}
