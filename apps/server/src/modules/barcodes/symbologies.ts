import bwipjs from 'bwip-js';

// Which symbologies exist, what kind each is, and the value rules we check before rendering so
// the error names the rule ("EAN-13 needs 12 or 13 digits") instead of an encoder internal.

/** Every bwip-js symbology id, with its description. */
export const allSymbologies: ReadonlyMap<string, string> = new Map(bwipjs.symbolList.map((s) => [s.bcid, s.desc]));

const ALIASES: Record<string, string> = {
  qr: 'qrcode',
  'qr-code': 'qrcode',
  microqr: 'microqrcode',
  'micro-qr': 'microqrcode',
  aztec: 'azteccode',
  'data-matrix': 'datamatrix',
  'code-128': 'code128',
  gs1128: 'gs1-128',
  'gs1_128': 'gs1-128',
  'ean-13': 'ean13',
  'ean-8': 'ean8',
  'upc-a': 'upca',
  'upc-e': 'upce',
  'itf-14': 'itf14',
  'code-39': 'code39',
  itf: 'interleaved2of5',
  codabar: 'rationalizedCodabar',
};

const TWO_D = new Set([
  'qrcode', 'microqrcode', 'rectangularmicroqrcode', 'swissqrcode', 'datamatrix', 'datamatrixrectangular', 'datamatrixrectangularextension', 'azteccode',
  'azteccodecompact', 'aztecrune', 'pdf417', 'pdf417compact', 'micropdf417', 'maxicode', 'codeone', 'hanxin', 'dotcode', 'ultracode', 'mailmark', 'gs1datamatrix',
  'gs1datamatrixrectangular', 'gs1dldatamatrix', 'gs1qrcode', 'gs1dlqrcode', 'gs1dotcode', 'hibcdatamatrix', 'hibcdatamatrixrectangular', 'hibcpdf417',
  'hibcmicropdf417', 'hibcqrcode', 'hibcazteccode', 'code16k', 'code49', 'codablockf', 'hibccodablockf', 'd3aqr',
]);

/** The bwip-js id for a symbology name (case-insensitive, common aliases), or undefined when unknown. */
export function resolveSymbology(name: string): string | undefined {
  const key = name.trim();
  if (allSymbologies.has(key)) return key;
  const lower = key.toLowerCase();
  const alias = ALIASES[lower];
  if (alias) return alias;
  for (const id of allSymbologies.keys()) if (id.toLowerCase() === lower) return id;
  return undefined;
}

/** '2d' for matrix and stacked codes, 'linear' for bar codes (which print their value by default). */
export function symbologyKind(bcid: string): '2d' | 'linear' {
  return TWO_D.has(bcid) ? '2d' : 'linear';
}

/** A human label for messages. */
export function symbologyLabel(bcid: string): string {
  return allSymbologies.get(bcid) ?? bcid;
}

/** Encoder options a symbology needs to be valid by its spec (Code 93's two check characters are mandatory). */
export function requiredEncoderOptions(bcid: string): { includecheck?: boolean } {
  return bcid === 'code93' || bcid === 'code93ext' ? { includecheck: true } : {};
}

/** GS1 mod-10 check digit of a digit string (without its check digit). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The UPC-A digits (11, without check digit) a UPC-E code (number system + 6 digits) stands for. */
export function expandUpce(ns: string, six: string): string {
  const [d1, d2, d3, d4, d5, d6] = six.split('');
  switch (d6) {
    case '0':
    case '1':
    case '2':
      return `${ns}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case '3':
      return `${ns}${d1}${d2}${d3}00000${d4}${d5}`;
    case '4':
      return `${ns}${d1}${d2}${d3}${d4}00000${d5}`;
    default:
      return `${ns}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

/** A value a symbology cannot carry: the message names the rule. */
export class ValueRuleError extends Error {}

function digitsWithCheck(label: string, value: string, bodyLength: number, check: (body: string) => number): void {
  if (!/^\d+$/.test(value) || (value.length !== bodyLength && value.length !== bodyLength + 1)) {
    throw new ValueRuleError(`${label} needs ${bodyLength} or ${bodyLength + 1} digits (the last one is the check digit); got ${value.length} character(s).`);
  }
  if (value.length === bodyLength + 1) {
    const expected = check(value.slice(0, bodyLength));
    if (Number(value[bodyLength]) !== expected) throw new ValueRuleError(`${label} check digit is wrong: for ${value.slice(0, bodyLength)} it must be ${expected}.`);
  }
}

const CODE39 = /^[0-9A-Z \-.$/+%]+$/;
const GS1_AI = /^(\(\d{2,4}\)[^()]+)+$/;

/** Checks a value against its symbology's rules (length, character set, check digits); throws ValueRuleError. */
export function checkValue(bcid: string, value: string): void {
  switch (bcid) {
    case 'ean13':
      return digitsWithCheck('EAN-13', value, 12, gs1CheckDigit);
    case 'ean8':
      return digitsWithCheck('EAN-8', value, 7, gs1CheckDigit);
    case 'upca':
      return digitsWithCheck('UPC-A', value, 11, gs1CheckDigit);
    case 'itf14':
    case 'ean14':
      return digitsWithCheck(bcid === 'itf14' ? 'ITF-14' : 'EAN-14', value.replace(/[() ]/g, '').replace(/^01(?=\d{13,14}$)/, ''), 13, gs1CheckDigit);
    case 'upce': {
      digitsWithCheck('UPC-E', value, 7, (body) => gs1CheckDigit(expandUpce(body[0]!, body.slice(1))));
      if (value[0] !== '0' && value[0] !== '1') throw new ValueRuleError('UPC-E starts with number system 0 or 1.');
      return;
    }
    case 'interleaved2of5':
      if (!/^\d+$/.test(value)) throw new ValueRuleError('Interleaved 2 of 5 encodes digits only.');
      if (value.length % 2 !== 0) throw new ValueRuleError('Interleaved 2 of 5 needs an even number of digits (add a leading 0).');
      return;
    case 'code39':
      if (!CODE39.test(value)) throw new ValueRuleError('Code 39 allows A-Z, 0-9, space and - . $ / + % (use code39ext for lower case and other ASCII).');
      return;
    case 'code39ext':
    case 'code93ext':
      // eslint-disable-next-line no-control-regex
      if (!/^[\x00-\x7F]+$/.test(value)) throw new ValueRuleError('Extended Code 39/93 encodes ASCII characters only.');
      return;
    case 'code128':
      // eslint-disable-next-line no-control-regex
      if (!/^[\x00-\xFF]+$/.test(value)) throw new ValueRuleError('Code 128 encodes ASCII and Latin-1 characters only (use QR Code or Data Matrix for other text).');
      return;
    case 'gs1-128':
    case 'gs1datamatrix':
    case 'gs1qrcode':
    case 'gs1dotcode':
    case 'databarexpanded':
    case 'databarexpandedstacked': {
      if (!GS1_AI.test(value)) throw new ValueRuleError('GS1 data is written as application identifiers in brackets, e.g. (01)09521234543213(10)ABC123.');
      const gtin = /\((01|02)\)(\d+)/.exec(value);
      if (gtin) digitsWithCheck(`GTIN in AI (${gtin[1]})`, gtin[2]!, 13, gs1CheckDigit);
      return;
    }
    case 'microqrcode':
      if (value.length > 35) throw new ValueRuleError('Micro QR Code holds at most 35 digits, 21 letters/digits or 15 bytes.');
      return;
    case 'qrcode':
      if (Buffer.byteLength(value) > 2953) throw new ValueRuleError('QR Code holds at most 2,953 bytes (fewer at higher error correction).');
      return;
    default:
      return;
  }
}
