/** The document title when a route sets none (spec section 1). */
export const DEFAULT_TITLE = 'Scanbase: barcode scanning, recording and validation app';

/** The document title for a route title. */
export function documentTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} · Scanbase` : DEFAULT_TITLE;
}
