import type { Theme } from '@mui/material/styles';
import { createTheme } from '@mui/material/styles';
import { brandingLimits, contrastRatio, opaqueHex, parseColor, type PublicBranding } from '@scanbase/contracts/branding';

const WHITE = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The brand colour as MUI's `primary.main`, which is also used as TEXT on white (links, text buttons, focus rings): a
 * colour that reads below 4.5:1 there is darkened (same hue) until it does. Bars and buttons filled with the colour
 * keep the exact colour with white or black text (see `brandBar`).
 */
export function readableOnWhite(color: string): string {
  const hex = opaqueHex(color) ?? '#1565c0';
  const c = parseColor(hex)!;
  for (let f = 1; f >= 0; f -= 0.05) {
    const next = { r: c.r * f, g: c.g * f, b: c.b * f, a: 1 };
    if (contrastRatio(next, WHITE) >= brandingLimits.minContrast) return opaqueHex(`rgb(${Math.round(next.r)}, ${Math.round(next.g)}, ${Math.round(next.b)})`)!;
  }
  return '#000000';
}

/** The app's theme with the account's primary and secondary colours (scanner and portals; the admin area keeps Scanbase's). */
export function brandTheme(base: Theme, b: PublicBranding): Theme {
  const primary = readableOnWhite(b.primaryColor);
  const secondary = readableOnWhite(b.secondaryColor);
  return createTheme(base, {
    palette: {
      primary: base.palette.augmentColor({ color: { main: primary, contrastText: '#ffffff' } }),
      secondary: base.palette.augmentColor({ color: { main: secondary, contrastText: '#ffffff' } }),
    },
  });
}

/** Colours of a bar filled with the brand colour: the exact colour, and white or black text, whichever reads better. */
export function brandBar(b: PublicBranding): { bgcolor: string; color: string } {
  return { bgcolor: opaqueHex(b.primaryColor) ?? '#1565c0', color: b.primaryTextColor };
}
