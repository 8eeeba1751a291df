import type { BarcodeOptions } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyParams } from '../../platform/http/legacy/legacy-params.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { logoId, type BarcodesService, type ImageFormat, type LogoInput } from './barcodes.service.js';

/** The legacy generator limits `value` to 100 characters (reference 1.9). */
export const LEGACY_VALUE_MAX = 100;

function oneOf<T extends string>(params: LegacyParams, name: string, allowed: readonly T[], fallback: T): T {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  const hit = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (!hit) throw new LegacyError(50, `Invalid ${name}: use ${allowed.join(', ')}.`);
  return hit;
}

function intIn(params: LegacyParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new LegacyError(50, `Invalid ${name}: use a whole number from ${min} to ${max}.`);
  return Number(raw);
}

/** Legacy `barcode/generate` options, mapped onto the V2 option set (docs/BARCODES.md has the table). */
export function legacyBarcodeOptions(params: LegacyParams): { options: BarcodeOptions; format: ImageFormat } {
  const type = oneOf(params, 'barcodetype', ['qr', 'pdf417'] as const, 'qr');
  const size = intIn(params, 'size', 1, 10);
  const valueSize = intIn(params, 'valuesize', 1, 10) ?? 4;
  const textSize = intIn(params, 'textsize', 1, 30);
  const hide = params.get('hidevalue')?.trim();
  const text = params.get('text');
  const options: BarcodeOptions = {
    symbology: type === 'qr' ? 'qrcode' : 'pdf417',
    scale: 4,
    ...(size !== undefined ? { width: size * 50 } : {}),
    showValue: !(hide !== undefined && hide !== '' && hide !== '0'),
    valueSize: 6 + valueSize * 3,
    valuePosition: oneOf(params, 'valueposition', ['top', 'bottom'] as const, 'bottom'),
    frame: !params.flag('hideframe', false),
    errorCorrection: oneOf(params, 'errorcorrection', ['L', 'M', 'Q', 'H'] as const, 'L'),
    logoPosition: oneOf(params, 'logoposition', ['top', 'bottom', 'left', 'right'] as const, 'top'),
    ...(text !== undefined && text.trim() !== ''
      ? { caption: text.slice(0, 200), captionSize: Math.max(6, textSize ?? 14), captionAlign: ({ L: 'left', C: 'center', R: 'right' } as const)[oneOf(params, 'textalignment', ['L', 'C', 'R'] as const, 'L')] }
      : {}),
  };
  const filetype = oneOf(params, 'filetype', ['GIF', 'JPG', 'PNG'] as const, 'GIF');
  return { options, format: filetype === 'JPG' ? 'jpg' : filetype === 'PNG' ? 'png' : 'gif' };
}

/** Legacy sections `barcode` (generate) and `barcodetemplate` (getlogofile). */
export function barcodesLegacy(service: BarcodesService): Record<string, LegacySection> {
  const asLegacy = (error: unknown): never => {
    if (error instanceof AppError) {
      const path = Array.isArray(error.details) ? error.details[0]?.path : undefined;
      if (error.code === 'NOT_FOUND') throw new LegacyError(104, error.message);
      throw new LegacyError(path === 'value' ? 1028 : 50, error.message);
    }
    throw error;
  };
  return {
    barcode: {
      actions: {
        generate: {
          async handle(call) {
            const value = call.params.get('value');
            if (value === undefined || value === '') throw new LegacyError(1028, 'No barcode value supplied.');
            if (value.length > LEGACY_VALUE_MAX) throw new LegacyError(1028, `The barcode value may hold at most ${LEGACY_VALUE_MAX} characters.`);
            const { options, format } = legacyBarcodeOptions(call.params);
            let logo: LogoInput | undefined;
            const file = call.files.find((f) => f.field === 'logo') ?? call.files[0];
            if (file) {
              const prepared = await service.prepareLogo(file).catch(asLegacy);
              logo = { png: prepared.png, id: logoId(prepared.png) };
            } else if (call.params.has('logo')) {
              // Fetching a URL on the caller's behalf would let anyone make this server call any address.
              throw new LegacyError(222, 'Logo URLs are not fetched; upload the logo as a file part named logo (multipart/form-data).');
            }
            const img = await service.render(value, format, options, logo).catch(asLegacy);
            return { kind: 'binary', contentType: img.contentType, body: img.body };
          },
        },
      },
    },
    barcodetemplate: {
      actions: {
        getlogofile: {
          async handle(call) {
            const fileName = call.params.require('filename');
            const png = await service.logo(call.auth.accountId, fileName).catch(asLegacy);
            return { kind: 'binary', contentType: 'image/png', body: png };
          },
        },
      },
    },
  };
}
