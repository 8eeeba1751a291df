/**
 * The API examples are plain files the server sends as they are (apps/web/public/apidocs/examples/), not pages of this
 * app. Their routes exist in the route table so that links inside the app work: the app's page for such an address
 * loads the file with a full page load.
 */

/** The address of the static example page for the app's current location (its query and fragment kept). */
export function staticPageHref(path: string, location: { search: string; hash: string }): string {
  return `${path}${location.search}${location.hash}`;
}

/**
 * Whether to load the static page. Not when this very document was itself served for that path: then the server
 * answered the app instead of the file (a build without it), and loading the address again would loop for ever.
 */
export function shouldLoadStaticPage(path: string, documentUrl: string | undefined): boolean {
  if (documentUrl === undefined) return true;
  try {
    return new URL(documentUrl).pathname.replace(/\/+$/, '') !== path.replace(/\/+$/, '');
  } catch {
    return true;
  }
}

/** The URL this document was loaded from (Navigation Timing), which history changes do not alter. */
export function documentUrl(): string | undefined {
  const [entry] = performance.getEntriesByType('navigation');
  return entry?.name;
}
