/**
 * Indents a legacy XML reply for reading: one element per line, an element holding only text kept on
 * its line. Meant for display (the documentation page, test messages): the server's replies are
 * single-line and the samples store them as sent.
 */
export function formatLegacyXml(xml: string, indent = '  '): string {
  const tokens = xml.match(/<[^>]+>|[^<]+/g) ?? [];
  const lines: string[] = [];
  let depth = 0;
  const pad = () => indent.repeat(Math.max(depth, 0));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.startsWith('<?') || t.startsWith('<!')) {
      lines.push(pad() + t);
    } else if (t.startsWith('</')) {
      depth--;
      lines.push(pad() + t);
    } else if (t.startsWith('<')) {
      const next = tokens[i + 1];
      const after = tokens[i + 2];
      if (t.endsWith('/>')) {
        lines.push(pad() + t);
      } else if (next?.startsWith('</')) {
        lines.push(pad() + t + next);
        i += 1;
      } else if (next !== undefined && !next.startsWith('<') && after?.startsWith('</')) {
        lines.push(pad() + t + next + after);
        i += 2;
      } else {
        lines.push(pad() + t);
        depth++;
      }
    } else if (t.trim() !== '') {
      lines.push(pad() + t.trim());
    }
  }
  return lines.join('\n');
}
