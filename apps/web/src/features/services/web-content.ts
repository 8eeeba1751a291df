/** Web content of a webview service or a custom web question: `<curl>URL</curl>` or inline `<html>…</html>`. */
export type WebContentForm = { webKind: 'url' | 'html'; webUrl: string; webHtml: string };

export const emptyWebContent: WebContentForm = { webKind: 'url', webUrl: '', webHtml: '<html>\n  <body>\n    <h1>Hello</h1>\n  </body>\n</html>' };

/** Splits stored content into the form's two choices. */
export function parseWebContent(stored: string): WebContentForm {
  const text = stored.trim();
  const curl = /^<curl>([\s\S]*)<\/curl>$/i.exec(text);
  if (curl) return { ...emptyWebContent, webKind: 'url', webUrl: (curl[1] ?? '').trim() };
  if (/^<html>/i.test(text)) return { ...emptyWebContent, webKind: 'html', webHtml: text };
  return { ...emptyWebContent, webUrl: '' };
}

/** True for an http:// or https:// address that parses. */
export function isWebUrl(text: string): boolean {
  const trimmed = text.trim();
  return /^https?:\/\//i.test(trimmed) && URL.canParse(trimmed);
}

/** The stored form of the content, or the problem with it (keyed `webUrl` / `webHtml`). */
export function webContentValue(form: WebContentForm): { value: string } | { path: 'webUrl' | 'webHtml'; message: string } {
  if (form.webKind === 'url') {
    if (!isWebUrl(form.webUrl)) return { path: 'webUrl', message: 'Enter a web address starting with http:// or https://' };
    return { value: `<curl>${form.webUrl.trim()}</curl>` };
  }
  const html = form.webHtml.trim();
  if (!/^<html>[\s\S]*<\/html>$/i.test(html)) return { path: 'webHtml', message: 'Start with <html> (no attributes on that tag) and end with </html>' };
  return { value: html };
}
