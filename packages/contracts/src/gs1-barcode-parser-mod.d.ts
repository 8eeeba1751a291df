// Types of the GS1 parser (a CommonJS module without its own types), as far as ab-match-engine.ts uses it.
declare module 'gs1-barcode-parser-mod' {
  export type ParsedElement = { ai: string; dataTitle: string; raw: string };
  /** Throws a string (for example "no valid AI") when the code is not a GS1 element string. */
  export function parseBarcode(barcode: string): { codeName: string; parsedCodeItems: ParsedElement[] };
  const parser: { parseBarcode: typeof parseBarcode };
  export default parser;
}
