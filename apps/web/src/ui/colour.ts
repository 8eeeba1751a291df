/** The result of checking a colour value. */
export type ColourCheck = { valid: boolean; warning?: string };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\s*-?\d+(?:\.\d+)?%?\s*`;
const ALPHA = String.raw`\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*`;
const RGB = new RegExp(String.raw`^rgb\((${NUMBER}),(${NUMBER}),(${NUMBER})\)$`, 'i');
const RGBA = new RegExp(String.raw`^rgba\((${NUMBER}),(${NUMBER}),(${NUMBER}),(${ALPHA})\)$`, 'i');
const HSL = new RegExp(String.raw`^hsl\(${NUMBER}(?:deg)?\s*,${NUMBER},${NUMBER}\)$`, 'i');
const HSLA = new RegExp(String.raw`^hsla\(${NUMBER}(?:deg)?\s*,${NUMBER},${NUMBER},${ALPHA}\)$`, 'i');

/**
 * Accepts hex colours of 3, 4, 6 or 8 digits, rgb(), rgba(), hsl() and hsla() (spec section 5).
 * A value that starts like hex but is not valid hex also carries a warning (it is logged too).
 */
export function checkColour(value: string): ColourCheck {
  const trimmed = value.trim();
  if (trimmed.startsWith('#')) {
    if (HEX.test(trimmed)) return { valid: true };
    const warning = `"${trimmed}" is not a valid hex colour: use # and 3, 4, 6 or 8 hex digits, for example #2196F3.`;
    console.warn(warning);
    return { valid: false, warning };
  }
  return { valid: RGB.test(trimmed) || RGBA.test(trimmed) || HSL.test(trimmed) || HSLA.test(trimmed) };
}
