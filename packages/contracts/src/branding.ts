import { z } from 'zod';
import { id } from './common.js';
import { defineV2Route } from './route.js';

/**
 * Branding of an account (`account/customize/`, issue 15): logo, colours, app name and the texts app users and
 * visitors see on the scanner, the portals and the mails. Decisions in docs/ACCOUNT-BRANDING.md.
 */

export const brandingLimits = {
  appName: 40,
  welcomeText: 500,
  footerText: 300,
  /** Largest logo upload accepted (PNG or JPEG; SVG is refused). */
  logoBytes: 512 * 1024,
  /** Stored logos are scaled down to fit this box. */
  logoPx: 512,
  /** WCAG AA for normal text. */
  minContrast: 4.5,
} as const;

export const defaultBranding = { appName: 'Scanbase', primaryColor: '#1565c0', secondaryColor: '#00695c' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Colours (spec section 5): hex of 3, 4, 6 or 8 digits, rgb(), rgba(), hsl(), hsla(). Invalid hex gives a warning.

export type Rgba = { r: number; g: number; b: number; a: number };

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`\s*([+-]?(?:\d+(?:\.\d+)?|\.\d+))(%?)\s*`;
const FUNC = new RegExp(String.raw`^(rgba?|hsla?)\(${NUM},${NUM},${NUM}(?:,${NUM})?\)$`, 'i');

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/** The colour of a value in one of the spec's forms, or null when it is none of them. */
export function parseColor(input: string): Rgba | null {
  const value = input.trim();
  if (value.startsWith('#')) {
    if (!HEX.test(value)) return null;
    let hex = value.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? n(6) / 255 : 1 };
  }
  const m = FUNC.exec(value);
  if (!m) return null;
  const fn = m[1]!.toLowerCase();
  const parts = [2, 4, 6].map((i) => ({ n: Number(m[i]), pct: m[i + 1] === '%' }));
  const alphaRaw = m[8] === undefined ? undefined : { n: Number(m[8]), pct: m[9] === '%' };
  // rgb()/hsl() take three values, rgba()/hsla() four (modern browsers accept both; the spec names both forms).
  if (fn.endsWith('a') !== (alphaRaw !== undefined)) return null;
  const a = alphaRaw ? clamp(alphaRaw.pct ? alphaRaw.n / 100 : alphaRaw.n, 0, 1) : 1;
  if (fn.startsWith('rgb')) {
    if (parts.some((p) => p.pct) && !parts.every((p) => p.pct)) return null;
    const [r, g, b] = parts.map((p) => clamp(p.pct ? (p.n * 255) / 100 : p.n, 0, 255)) as [number, number, number];
    return { r: Math.round(r), g: Math.round(g), b: Math.round(b), a };
  }
  const [h, s, l] = parts as [{ n: number; pct: boolean }, { n: number; pct: boolean }, { n: number; pct: boolean }];
  if (h.pct || !s.pct || !l.pct) return null;
  const [r, g, b] = hslToRgb(h.n, clamp(s.n, 0, 100) / 100, clamp(l.n, 0, 100) / 100);
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b), a };
}

/** A problem with a colour value, in words; null when it is valid. Hex values that are wrong say so ("Invalid hex colour"). */
export function colorProblem(input: string): string | null {
  const value = input.trim();
  if (value === '') return 'Enter a colour, for example #1565C0.';
  if (parseColor(value)) return null;
  if (value.startsWith('#') || /^[0-9a-f]+$/i.test(value)) return 'Invalid hex colour: use # and 3, 4, 6 or 8 hex digits (0-9, A-F), for example #1565C0.';
  return 'Not a colour: use hex (#1565C0), rgb(), rgba(), hsl() or hsla().';
}

/** The colour written as lower-case #rrggbb (or #rrggbbaa when it is not opaque); null when it is not a colour. */
export function normalizeColor(input: string): string | null {
  const c = parseColor(input);
  if (!c) return null;
  return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}${c.a < 1 ? hex2(c.a * 255) : ''}`;
}

/** The colour as it shows on a white page (a translucent colour is blended with white). */
function onWhite(c: Rgba): Rgba {
  return { r: c.r * c.a + 255 * (1 - c.a), g: c.g * c.a + 255 * (1 - c.a), b: c.b * c.a + 255 * (1 - c.a), a: 1 };
}

/** The colour as #rrggbb as it shows on white (for themes and mail clients that take no alpha); null when it is not a colour. */
export function opaqueHex(input: string): string | null {
  const c = parseColor(input);
  if (!c) return null;
  const w = onWhite(c);
  return `#${hex2(w.r)}${hex2(w.g)}${hex2(w.b)}`;
}

function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

export type ColorContrast = {
  /** White or black, whichever reads better on the colour (used for text on buttons and bars in that colour). */
  textColor: '#ffffff' | '#000000';
  /** Contrast of that text colour on the colour. */
  textContrast: number;
  /** Contrast of the colour used as text (links, outlined buttons) on a white page. */
  onWhiteContrast: number;
};

/** The readable text colour on a colour and the contrasts that matter; null when the value is not a colour. */
export function colorContrast(input: string): ColorContrast | null {
  const c = parseColor(input);
  if (!c) return null;
  const bg = onWhite(c);
  const white = contrastRatio(bg, WHITE);
  const black = contrastRatio(bg, BLACK);
  return { textColor: white >= black ? '#ffffff' : '#000000', textContrast: Math.max(white, black), onWhiteContrast: white };
}

/** A warning when text in this colour on a white page is below 4.5:1; null otherwise or for a non-colour. */
export function contrastWarning(input: string): string | null {
  const c = colorContrast(input);
  if (!c) return null;
  const fmt = (n: number) => `${(Math.floor(n * 10) / 10).toFixed(1)}:1`;
  // White or black text on any colour reaches at least 4.58:1, so text ON the colour is always readable (it is picked).
  if (c.onWhiteContrast < brandingLimits.minContrast) return `Low contrast: text and links in this colour on a white page reach ${fmt(c.onWhiteContrast)} (4.5:1 needed); ${c.textColor === '#000000' ? 'black' : 'white'} text is used on it.`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

/** What app users and visitors see: served without sign-in (scanner and portal sign-in pages). */
export const publicBranding = z.object({
  appName: z.string(),
  primaryColor: z.string(),
  /** White or black, whichever reads better on the primary colour. */
  primaryTextColor: z.string(),
  secondaryColor: z.string(),
  secondaryTextColor: z.string(),
  welcomeText: z.string(),
  footerText: z.string(),
  /** Where the logo is (a GET, cached for good: the name changes with the picture); null without a logo. */
  logoUrl: z.string().nullable(),
});
export type PublicBranding = z.infer<typeof publicBranding>;

export const brandingSettings = publicBranding.extend({
  /** Nothing has been customised yet (everything is Scanbase's default). */
  isDefault: z.boolean(),
  /** Contrast warnings of the saved colours (the save goes through; the page shows them). */
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type BrandingSettings = z.infer<typeof brandingSettings>;

/** True when the text holds a control character (line breaks allowed when `lines`). */
function hasControl(text: string, lines: boolean): boolean {
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if ((code < 32 || code === 127) && !(lines && (code === 10 || code === 13))) return true;
  }
  return false;
}

/** Plain text: control characters other than line breaks are refused (text is escaped wherever it is shown). */
const plainText = (max: number, lines: boolean) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .refine((v) => !hasControl(v, lines), lines ? 'Use plain text (no control characters)' : 'Use plain text on one line');

const colorField = z
  .string()
  .max(40, 'At most 40 characters')
  .refine((v) => parseColor(v) !== null, { message: 'Invalid colour: use hex with 3, 4, 6 or 8 digits (#1565C0), rgb(), rgba(), hsl() or hsla()' });

export const getBranding = defineV2Route({
  path: 'branding/get',
  access: 'admin',
  summary: "The account's branding (logo, colours, app name, texts) with contrast warnings.",
  body: z.object({}),
  reply: brandingSettings,
});

export const updateBranding = defineV2Route({
  path: 'branding/update',
  access: 'admin',
  summary: 'Change the branding; fields left out stay. Colours are stored as #rrggbb(aa); an empty app name goes back to Scanbase.',
  body: z.object({
    appName: plainText(brandingLimits.appName, false).optional(),
    primaryColor: colorField.optional(),
    secondaryColor: colorField.optional(),
    welcomeText: plainText(brandingLimits.welcomeText, true).optional(),
    footerText: plainText(brandingLimits.footerText, true).optional(),
  }),
  reply: brandingSettings,
});

export const uploadBrandingLogo = defineV2Route({
  path: 'branding/logo',
  access: 'admin',
  summary: 'Upload the logo: multipart with a `logo` file part, PNG or JPEG up to 512 KB (SVG refused: 415); stored re-encoded as PNG within 512 px.',
  body: z.object({}),
  reply: brandingSettings,
});

export const deleteBrandingLogo = defineV2Route({
  path: 'branding/logo/delete',
  access: 'admin',
  summary: 'Remove the logo.',
  body: z.object({}),
  reply: brandingSettings,
});

export const publicBrandingRoute = defineV2Route({
  path: 'branding/public',
  access: 'public',
  summary: "An account's public branding for its scanner and portal sign-in pages (Scanbase's default for an unknown account).",
  body: z.object({ accountId: id }),
  reply: publicBranding,
});

export const appBranding = defineV2Route({
  path: 'app/branding',
  access: 'app',
  summary: "The signed-in app user's account branding.",
  body: z.object({}),
  reply: publicBranding,
});
