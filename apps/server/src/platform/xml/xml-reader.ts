import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Parameter values as the legacy API sees them: text, lists (repeated names) and maps (brackets or nested XML). */
export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
export type ParamMap = { [key: string]: ParamValue };

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Thrown for a body that is not well-formed XML. */
export class XmlReadError extends Error {}

function normalise(value: unknown): ParamValue {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object') {
    const out: ParamMap = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = normalise(v);
    return out;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Reads a legacy XML request (`<xml><section>…</section>…</xml>`) into parameters. */
export function readXmlParams(text: string): ParamMap {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlReadError(`XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    // fast-xml-parser refuses some element names (`prototype`, `__proto__`) after validation passed.
    throw new XmlReadError(error instanceof Error ? error.message : String(error));
  }
  const rootName = Object.keys(doc)[0];
  const root = rootName === undefined ? undefined : doc[rootName];
  if (root === undefined || typeof root !== 'object' || root === null || Array.isArray(root)) return {};
  return normalise(root) as ParamMap;
}
