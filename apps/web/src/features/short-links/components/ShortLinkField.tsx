import { CopyField } from '../../integrations/components/CopyField';

/** The short address on the origin this page is served from (a server without PUBLIC_URL answers its own default). */
export function shortUrlHere(shortUrl: string): string {
  try {
    return `${window.location.origin}${new URL(shortUrl).pathname}`;
  } catch {
    return shortUrl;
  }
}

/** The short link (`/l/<code>`) made with a link, with a copy button; nothing when none was made. */
export function ShortLinkField({ shortUrl, label = 'Short link' }: { shortUrl: string | null | undefined; label?: string }) {
  if (!shortUrl) return null;
  return <CopyField label={label} value={shortUrlHere(shortUrl)} testId="short-link" />;
}
