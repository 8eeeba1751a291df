import { createHash } from 'node:crypto';
import { brandingLimits, colorContrast, contrastWarning, defaultBranding, normalizeColor, opaqueHex, type BrandingSettings, type PublicBranding } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { prepareBrandingLogo } from './branding-logo.js';
import type { BrandingRepo, BrandingRow, BrandingValues } from './branding.repo.js';

const LOGO_NAME = /^logo-[0-9a-f]{24}\.png$/;

/** Where a logo is kept in blob storage. */
export function brandingLogoKey(accountId: number, fileName: string): string {
  return `accounts/${accountId}/branding/${fileName}`;
}

/** The public address of a logo: a GET answered by `brandingLogoRoute` (app.ts), cached for good. */
export function brandingLogoUrl(accountId: number, fileName: string): string {
  return `/api-v2/branding/logo-file/${accountId}/${fileName}`;
}

/** What a mail to the account's app users carries: name, colour and the logo (sent inline, `cid:`). */
export type MailBrand = { appName: string; primaryColor: string; primaryTextColor: string; footerText: string; logoPng: Buffer | null };

/** The port mails use: an account's branding (defaults when it has none). */
export type MailBranding = { forMail(accountId: number): Promise<MailBrand> };

/** Scanbase's own look, for mails of code that has no branding port. */
export const noMailBranding: MailBranding = {
  forMail: () => Promise.resolve({ appName: defaultBranding.appName, primaryColor: defaultBranding.primaryColor, primaryTextColor: '#ffffff', footerText: '', logoPng: null }),
};

const defaults: BrandingValues = { app_name: defaultBranding.appName, primary_color: defaultBranding.primaryColor, secondary_color: defaultBranding.secondaryColor, welcome_text: '', footer_text: '', logo_file_name: null };

/** Text as stored: line breaks unified, trailing spaces of the whole text trimmed. */
function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}

/** Branding of an account: logo, colours, app name and texts (account/customize/), and its public reads. */
export class BrandingService implements MailBranding {
  constructor(private readonly deps: { repo: BrandingRepo; storage: BlobStorage }) {}

  async get(accountId: number): Promise<BrandingSettings> {
    return this.settings(accountId, await this.deps.repo.get(accountId));
  }

  async update(accountId: number, input: { appName?: string | undefined; primaryColor?: string | undefined; secondaryColor?: string | undefined; welcomeText?: string | undefined; footerText?: string | undefined }): Promise<BrandingSettings> {
    const before = (await this.deps.repo.get(accountId)) ?? { ...defaults };
    const color = (path: string, value: string | undefined, current: string) => {
      if (value === undefined) return current;
      const normal = normalizeColor(value);
      if (!normal) throw new AppError('VALIDATION_FAILED', 'Invalid colour.', [{ path, message: 'Invalid colour: use hex with 3, 4, 6 or 8 digits (#1565C0), rgb(), rgba(), hsl() or hsla()' }]);
      return normal;
    };
    const appName = input.appName === undefined ? before.app_name : cleanText(input.appName) || defaultBranding.appName;
    const row = await this.deps.repo.save(accountId, {
      app_name: appName.slice(0, brandingLimits.appName),
      primary_color: color('primaryColor', input.primaryColor, before.primary_color),
      secondary_color: color('secondaryColor', input.secondaryColor, before.secondary_color),
      welcome_text: input.welcomeText === undefined ? before.welcome_text : cleanText(input.welcomeText),
      footer_text: input.footerText === undefined ? before.footer_text : cleanText(input.footerText),
      logo_file_name: before.logo_file_name,
    });
    return this.settings(accountId, row);
  }

  /** Stores a new logo (checked and re-encoded, see prepareBrandingLogo) and drops the old one. */
  async uploadLogo(accountId: number, file: UploadedFile | undefined): Promise<BrandingSettings> {
    if (!file) throw new AppError('VALIDATION_FAILED', 'Send the logo as a file part named logo.', [{ path: 'logo', message: 'Choose an image' }]);
    const png = await prepareBrandingLogo(file);
    const fileName = `logo-${createHash('sha256').update(png).digest('hex').slice(0, 24)}.png`;
    await this.deps.storage.put(brandingLogoKey(accountId, fileName), png, 'image/png');
    const before = (await this.deps.repo.get(accountId)) ?? { ...defaults };
    const row = await this.deps.repo.save(accountId, { ...values(before), logo_file_name: fileName });
    if (before.logo_file_name && before.logo_file_name !== fileName) await this.deps.storage.delete(brandingLogoKey(accountId, before.logo_file_name));
    return this.settings(accountId, row);
  }

  async deleteLogo(accountId: number): Promise<BrandingSettings> {
    const before = await this.deps.repo.get(accountId);
    if (!before?.logo_file_name) return this.settings(accountId, before);
    const row = await this.deps.repo.save(accountId, { ...values(before), logo_file_name: null });
    await this.deps.storage.delete(brandingLogoKey(accountId, before.logo_file_name));
    return this.settings(accountId, row);
  }

  /** The public fields only; an unknown account gets Scanbase's defaults (the answer does not tell whether it exists). */
  async publicFor(accountId: number): Promise<PublicBranding> {
    return toPublic(accountId, await this.deps.repo.get(accountId));
  }

  /** The logo bytes of an account by its file name; undefined for anything else. */
  async logoFile(accountId: number, fileName: string): Promise<Buffer | undefined> {
    if (!LOGO_NAME.test(fileName)) return undefined;
    const row = await this.deps.repo.get(accountId);
    if (row?.logo_file_name !== fileName) return undefined;
    return this.deps.storage.get(brandingLogoKey(accountId, fileName));
  }

  async forMail(accountId: number): Promise<MailBrand> {
    const row = await this.deps.repo.get(accountId);
    const pub = toPublic(accountId, row);
    const logoPng = row?.logo_file_name ? ((await this.deps.storage.get(brandingLogoKey(accountId, row.logo_file_name))) ?? null) : null;
    return { appName: pub.appName, primaryColor: opaqueHex(pub.primaryColor) ?? defaultBranding.primaryColor, primaryTextColor: pub.primaryTextColor, footerText: pub.footerText, logoPng };
  }

  private settings(accountId: number, row: BrandingRow | undefined): BrandingSettings {
    const pub = toPublic(accountId, row);
    const warnings = (['primaryColor', 'secondaryColor'] as const).flatMap((path) => {
      const message = contrastWarning(pub[path]);
      return message ? [{ path, message }] : [];
    });
    return { ...pub, isDefault: row === undefined, warnings };
  }
}

function values(row: BrandingValues): BrandingValues {
  return { app_name: row.app_name, primary_color: row.primary_color, secondary_color: row.secondary_color, welcome_text: row.welcome_text, footer_text: row.footer_text, logo_file_name: row.logo_file_name };
}

function toPublic(accountId: number, row: BrandingRow | undefined): PublicBranding {
  const v = row ?? { ...defaults };
  return {
    appName: v.app_name,
    primaryColor: v.primary_color,
    primaryTextColor: colorContrast(v.primary_color)?.textColor ?? '#ffffff',
    secondaryColor: v.secondary_color,
    secondaryTextColor: colorContrast(v.secondary_color)?.textColor ?? '#ffffff',
    welcomeText: v.welcome_text,
    footerText: v.footer_text,
    logoUrl: v.logo_file_name ? brandingLogoUrl(accountId, v.logo_file_name) : null,
  };
}
