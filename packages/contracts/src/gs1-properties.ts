import gs1 from 'gs1-barcode-parser-mod';

// GS1 values parsed at scan time, for every service (issue 14): a GS1-128 / DataMatrix element string
// (symbology identifier `]C1`, `]d2`, `]Q3`, `]J1`, FNC1 sent as the GS character), its human readable
// form with parentheses `(00)…(01)…`, a bare 20-digit SSCC, or a GS1 Digital Link URL
// (`https://id.gs1.org/01/09506000134352/10/ABC?17=251231`) become the scan properties `gs1_<AI>`
// (`gs1_00` SSCC, `gs1_01` GTIN, `gs1_10` batch, `gs1_17` expiry as YYMMDD …). A value that is none of
// these, or that the parser refuses, gives no properties: a scan is never refused for its GS1 form.
// See docs/SPECIALIZED-LOGISTICS.md § GS1.

const GS = String.fromCharCode(29);
/** Longest value looked at (a GS1 symbol holds far less). */
const MAX_LENGTH = 1_000;
/** At most this many elements are stored per scan. */
const MAX_ELEMENTS = 20;

// The cheap test every scan runs before the parser: a symbology identifier, a GS separator, an AI in
// parentheses at the start, a 20-digit SSCC, or an http(s) URL with a primary key AI in its path.
const MARKED = /^(?:\][CdQJe][0-9]|\(\d{2,4}\)\S)/;
const SSCC = /^00\d{18}$/;
const LINK = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/(?:00|01|253|255|401|402|414|417|8003|8004|8006|8010|8013|8017|8018)\/[^/?#]+/i;

/** Whether the value may be a GS1 code (a few character tests; the parser runs only when this holds). */
export function mayBeGs1(value: string): boolean {
  if (value.length < 4 || value.length > MAX_LENGTH) return false;
  const c = value.charCodeAt(0);
  // `]`, `(`, a digit or `h`: nothing else can start a GS1 value.
  if (c !== 93 && c !== 40 && c !== 104 && c !== 72 && !(c >= 48 && c <= 57)) return false;
  return MARKED.test(value) || value.includes(GS) || SSCC.test(value) || LINK.test(value);
}

/** The mod-10 check digit of a GS1 key (SSCC, GTIN) is right. */
export function gs1CheckDigitOk(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** Decoded URI text, or null when its escapes are broken. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The parentheses form of a Digital Link URL's AIs (path pairs, then numeric query keys), or null. */
function digitalLinkElements(value: string): string | null {
  const afterHost = /^https?:\/\/[^/?#]+([^#]*)/i.exec(value)?.[1] ?? '';
  const cut = afterHost.indexOf('?');
  const path = cut < 0 ? afterHost : afterHost.slice(0, cut);
  const query = cut < 0 ? '' : afterHost.slice(cut + 1);
  const segments = path.split('/').filter((s) => s !== '');
  const start = segments.findIndex((s, i) => /^\d{2,4}$/.test(s) && i + 1 < segments.length && LINK.test(`https://x/${s}/${segments[i + 1]}`));
  if (start < 0) return null;
  const pairs: [string, string][] = [];
  for (let i = start; i + 1 < segments.length; i += 2) {
    const ai = segments[i]!;
    const v = decoded(segments[i + 1]!);
    if (!/^\d{2,4}$/.test(ai) || v === null) return null;
    pairs.push([ai, v]);
  }
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq);
    const v = decoded(part.slice(eq + 1));
    if (/^\d{2,4}$/.test(key) && v !== null && v !== '') pairs.push([key, v]);
  }
  if (pairs.some(([, v]) => v.includes(GS) || v.includes('(') || v.length > 90)) return null;
  return `(${pairs.map(([ai, v]) => `${ai})${v}`).join('(')}`;
}

/**
 * The `gs1_<AI>` properties of a scanned value, or null when it is not a GS1 value (or cannot be parsed).
 * Cheap for ordinary values: `mayBeGs1` decides without the parser.
 */
export function gs1Properties(value: string): Record<string, string> | null {
  if (!mayBeGs1(value)) return null;
  let text: string;
  if (value.charCodeAt(0) === 104 || value.charCodeAt(0) === 72) {
    const elements = digitalLinkElements(value);
    if (elements === null) return null;
    text = elements;
  } else {
    if (SSCC.test(value) && !gs1CheckDigitOk(value.slice(2))) return null;
    text = value.replace(/<GS>|\\x1d|␝/gi, GS);
  }
  let items: { ai: string; raw: string }[];
  try {
    items = gs1.parseBarcode(text).parsedCodeItems;
  } catch {
    return null;
  }
  if (items.length === 0) return null;
  const properties: Record<string, string> = {};
  for (const item of items.slice(0, MAX_ELEMENTS)) {
    if (!/^\d{2,4}$/.test(item.ai) || typeof item.raw !== 'string') return null;
    properties[`gs1_${item.ai}`] = item.raw;
  }
  return properties;
}
