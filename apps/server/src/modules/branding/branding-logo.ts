import { brandingLimits } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import { sharpPackage } from '../../platform/images.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';

/** What the first bytes say a file is; only PNG and JPEG are accepted as a logo. */
export function sniffImage(head: Buffer): 'png' | 'jpeg' | 'svg' | 'other' {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const text = head.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')) || (text.startsWith('<!doctype svg')) || /^<!--[\s\S]*?-->\s*<svg/.test(text)) return 'svg';
  return 'other';
}

/**
 * Checks an uploaded logo and re-encodes it: PNG or JPEG by their magic bytes (the name and the declared type are
 * ignored), at most 512 KB, scaled into 512 px and written anew as PNG (no metadata, nothing but pixels). SVG is
 * refused: it can carry scripts, and a logo shown on public pages and in mails must not.
 */
export async function prepareBrandingLogo(file: UploadedFile): Promise<Buffer> {
  if (file.size > brandingLimits.logoBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The logo may be at most ${brandingLimits.logoBytes / 1024} KB.`, [{ path: 'logo', message: `At most ${brandingLimits.logoBytes / 1024} KB` }]);
  const kind = sniffImage(file.head);
  if (kind === 'svg') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'SVG logos are not accepted (they can carry scripts). Upload a PNG or JPEG image.', [{ path: 'logo', message: 'SVG is not accepted: use PNG or JPEG' }]);
  if (kind === 'other') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the logo as a PNG or JPEG image.', [{ path: 'logo', message: 'Use a PNG or JPEG image' }]);
  try {
    return await sharpPackage()(await file.buffer(), { limitInputPixels: 25_000_000 })
      .rotate()
      .resize({ width: brandingLimits.logoPx, height: brandingLimits.logoPx, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The logo image could not be read.', [{ path: 'logo', message: 'The image could not be read' }]);
  }
}
