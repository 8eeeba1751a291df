/** An XML element: a name, attributes, and children (elements or text). */
export type XmlNode = {
  name: string;
  attrs: Record<string, string | number | null | undefined>;
  children: (XmlNode | string)[];
};

type Child = XmlNode | string | number | null | undefined | false;

/** Builds an element; null/undefined/false children and attributes are left out. */
export function el(name: string, attrs: XmlNode['attrs'] = {}, ...children: (Child | Child[])[]): XmlNode {
  const flat: (XmlNode | string)[] = [];
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    flat.push(typeof c === 'number' ? String(c) : c);
  }
  return { name, attrs, children: flat };
}

/** An element holding only text. */
export function textEl(name: string, text: string | number | null | undefined, attrs: XmlNode['attrs'] = {}): XmlNode {
  return el(name, attrs, text === null || text === undefined ? '' : String(text));
}

// XML 1.0 forbids most C0 controls; the web client also strips 0-9, 11, 12 and 14-31 before
// parsing. We drop them, except tab, which is kept as a character reference so data survives.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for element content or attribute values and removes forbidden characters. */
export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;');
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function render(node: XmlNode, out: string[]): void {
  // Element names can come from data (scan property names); anything not a valid name is made safe.
  const name = NAME.test(node.name) ? node.name : `_${node.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
  out.push('<', name);
  for (const [key, value] of Object.entries(node.attrs)) {
    if (value === null || value === undefined) continue;
    out.push(' ', key, '="', escapeXml(String(value)), '"');
  }
  if (node.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) {
    if (typeof child === 'string') out.push(escapeXml(child));
    else render(child, out);
  }
  out.push('</', name, '>');
}

/** Renders a whole reply document: the XML declaration, then `<xml>` around the children. */
export function renderXmlDocument(children: XmlNode[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  render(el('xml', {}, children), out);
  out.push('\n');
  return out.join('');
}
