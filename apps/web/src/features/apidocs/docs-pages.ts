import type { LegacySectionDoc } from '@scanbase/contracts/legacy-docs/types';

/** One page of the API documentation, by its `pageName` in `/apidocs/{pageName?}`. */
export type DocsPage =
  | { kind: 'overview'; name: ''; title: string }
  | { kind: 'legacy'; name: string; title: string; section: LegacySectionDoc }
  | { kind: 'v2'; name: 'v2' | 'scanner'; title: string };

/** The headings of the overview page, in order: anchor id and title. */
export const overviewAnchors = [
  ['two-apis', 'The two APIs'],
  ['credentials', 'Credentials'],
  ['transports', 'Sending a request'],
  ['replies', 'Replies, lists and times'],
  ['limits', 'Limits'],
  ['errors', 'Legacy error codes'],
  ['v2-errors', 'V2 error codes'],
  ['examples', 'Examples'],
] as const;

/** Every page of the documentation, in the order of the navigation. */
export function docsPages(catalog: readonly LegacySectionDoc[]): DocsPage[] {
  return [
    { kind: 'overview', name: '', title: 'Overview' },
    ...catalog.map((section): DocsPage => ({ kind: 'legacy', name: section.section, title: section.title, section })),
    { kind: 'v2', name: 'v2', title: 'V2 JSON API' },
    { kind: 'v2', name: 'scanner', title: 'Scanner API' },
  ];
}

/** The address of a documentation page, with an optional anchor. */
export function docsHref(pageName: string, anchor?: string): string {
  const path = pageName === '' ? '/apidocs/' : `/apidocs/${pageName}`;
  return anchor ? `${path}#${anchor}` : path;
}

/** The V2 route paths that make the scanner API (`/api-v2/app/*`). */
export const isScannerPath = (path: string): boolean => /^\/?(api-v2\/)?app\//.test(path);
