/** A decoded XML element: attributes under `_name`, text under TEXT_KEY, children by tag name (repeats become arrays). */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Where an element's own text goes when it also has attributes or children. */
export const TEXT_KEY = '__text';
/** Prefix of attribute keys. */
export const ATTRIBUTE_PREFIX = '_';

// Codes 0-9, 11, 12 and 14-31: XML 1.0 forbids them and the legacy server sometimes echoes them from scan data.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F]/g;

/** Removes the control characters the XML parser would choke on (tab too, LF and CR stay). */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

function decodeElement(element: Element): XmlValue {
  const node: XmlNode = {};
  for (const attribute of Array.from(element.attributes)) node[ATTRIBUTE_PREFIX + attribute.name] = attribute.value;
  const children = new Map<string, XmlValue[]>();
  let text = '';
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 1) {
      const list = children.get(child.nodeName) ?? [];
      list.push(decodeElement(child as Element));
      children.set(child.nodeName, list);
    } else if (child.nodeType === 3 || child.nodeType === 4) {
      text += child.nodeValue ?? '';
    }
  }
  if (element.attributes.length === 0 && children.size === 0) return text;
  for (const [key, list] of children) node[key] = list.length === 1 ? (list[0] as XmlValue) : list;
  if (text.trim() !== '') node[TEXT_KEY] = text.trim();
  return node;
}

/**
 * Parses an XML reply into `{ rootName: decoded }`. Control characters are stripped first;
 * an empty or unparseable text gives an empty object.
 */
export function decodeXml(text: string): XmlNode {
  const cleaned = stripControlCharacters(text).trim();
  if (cleaned === '') return {};
  const doc = new DOMParser().parseFromString(cleaned, 'application/xml');
  const root = doc.documentElement;
  if (root.nodeName === 'parsererror' || doc.getElementsByTagName('parsererror').length > 0) return {};
  return { [root.nodeName]: decodeElement(root) };
}

/** The value as a list: repeated elements already are one, a single element becomes a list of one. */
export function xmlList(value: XmlValue | undefined): XmlValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The value as an object (an element with attributes or children), else undefined. */
export function xmlNode(value: XmlValue | undefined): XmlNode | undefined {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** The element's text, whether it decoded to a string or to an object with a text key. */
export function xmlText(value: XmlValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  const node = xmlNode(value);
  const text = node?.[TEXT_KEY];
  return typeof text === 'string' ? text : undefined;
}
