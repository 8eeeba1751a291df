import type { ShortLink, ShortLinkKind, ShortLinkStatus } from '@scanbase/contracts/short-links';

/** What a link opens, in words. */
export const kindLabels: Record<ShortLinkKind, string> = {
  page: 'Page',
  download: 'Download link',
  portal: 'Portal sign-in',
  share: 'Share link',
};

/** Where a link came from, in words ("made with share link #4"); a secret target shows with its token cut out. */
export function sourceText(link: Pick<ShortLink, 'source' | 'sourceId'>): string {
  switch (link.source) {
    case 'share-link':
      return `Made with share link #${link.sourceId ?? '?'} (revoked with it)`;
    case 'scan-to-excel':
      return `Made with the download link of scan-to-Excel service #${link.sourceId ?? '?'} (stops with it)`;
    case 'portal':
      return 'Made when portal access was granted';
    default:
      return 'Made by hand';
  }
}

/** A status in words and the chip colour it shows with. */
export const statusLabels: Record<ShortLinkStatus, { text: string; color: 'success' | 'default' | 'error' }> = {
  active: { text: 'Active', color: 'success' },
  expired: { text: 'Expired', color: 'default' },
  revoked: { text: 'Revoked', color: 'error' },
};

/** `<input type="datetime-local">` text (local time) as an ISO instant, or null for an empty field. */
export function localInputToIso(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as `<input type="datetime-local">` text in the browser's time, or '' for none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
