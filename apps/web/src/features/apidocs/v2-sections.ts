import { isScannerPath } from './docs-pages';

type OpenApiOperation = { operationId?: string; summary?: string; tags?: string[] };

/** The served OpenAPI document, as far as the documentation reads it. */
export type OpenApiDocument = { info?: Record<string, unknown>; paths?: Record<string, Record<string, OpenApiOperation>> } & Record<string, unknown>;

/** One section of the V2 reference: the routes of one OpenAPI tag. */
export type V2Section = { tag: string; title: string; group: string; routes: number };

// Titles and groups of the tags the server declares; a tag added later shows under "Other" with its own name.
const SECTIONS: Record<string, [group: string, title: string]> = {
  auth: ['Account and team', 'Sign-up and sign-in'],
  me: ['Account and team', 'Your profile'],
  team: ['Account and team', 'Team'],
  settings: ['Account and team', 'Settings'],
  account: ['Account and team', 'Account deletion'],
  branding: ['Account and team', 'Branding'],
  sso: ['Account and team', 'Single sign-on'],
  apikeys: ['API access', 'API keys'],
  ipallowlist: ['API access', 'IP allow-list'],
  apilog: ['API access', 'API log'],
  plan: ['Plan and billing', 'Plan and usage'],
  plans: ['Plan and billing', 'Plans'],
  billing: ['Plan and billing', 'Billing'],
  services: ['Scanning set-up', 'Services'],
  databases: ['Scanning set-up', 'Databases'],
  questions: ['Scanning set-up', 'Questions'],
  appusers: ['Scanning set-up', 'App users'],
  devices: ['Scanning set-up', 'Devices'],
  barcode: ['Scanning set-up', 'Barcodes'],
  barcode_template: ['Scanning set-up', 'Barcode templates'],
  scans: ['Scan data', 'Scans'],
  uploads: ['Scan data', 'Uploads'],
  postback: ['Scan data', 'Postback test'],
  tasks: ['Tasks and runs', 'Tasks'],
  jobs: ['Tasks and runs', 'Runs'],
  specialized: ['Specialized services', 'Instances'],
  checkinout: ['Specialized services', 'Check in/out'],
  attendance: ['Specialized services', 'Attendance'],
  'scan-tickets': ['Specialized services', 'Scan tickets'],
  'table-builder': ['Specialized services', 'Table builder'],
  'share-link': ['Specialized services', 'Share links'],
  'scan-to-excel': ['Specialized services', 'Scan to Excel'],
  abmatching: ['Specialized services', 'A/B matching'],
  logistics: ['Specialized services', 'Logistics'],
  portals: ['Specialized services', 'Portals'],
  links: ['Specialized services', 'Short links'],
  webhooks: ['Integrations', 'Webhooks'],
  hooks: ['Integrations', 'Zapier and Make hooks'],
  integrations: ['Integrations', 'Postback targets'],
  filestorage: ['Integrations', 'File storage'],
};

const GROUP_ORDER = ['Account and team', 'API access', 'Plan and billing', 'Scanning set-up', 'Scan data', 'Tasks and runs', 'Specialized services', 'Integrations', 'Other'];

const firstTag = (operation: OpenApiOperation): string => operation.tags?.[0] ?? 'other';

/** The sections of the V2 reference (every tag but the scanner routes'), grouped and in reading order. */
export function v2Sections(document: OpenApiDocument): V2Section[] {
  const counts = new Map<string, number>();
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (isScannerPath(path)) continue;
    for (const operation of Object.values(methods)) counts.set(firstTag(operation), (counts.get(firstTag(operation)) ?? 0) + 1);
  }
  const order = Object.keys(SECTIONS);
  return [...counts]
    .map(([tag, routes]): V2Section => {
      const [group, title] = SECTIONS[tag] ?? ['Other', tag];
      return { tag, title, group, routes };
    })
    .sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || orderOf(order, a.tag) - orderOf(order, b.tag) || a.title.localeCompare(b.title));
}

const orderOf = (order: string[], tag: string): number => (order.includes(tag) ? order.indexOf(tag) : order.length);

/** The document with only one section's routes, titled after it (small enough for the renderer to draw at once). */
export function sectionDocument(document: OpenApiDocument, section: V2Section): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (isScannerPath(path)) continue;
    const kept = Object.fromEntries(Object.entries(methods).filter(([, operation]) => firstTag(operation) === section.tag));
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, info: { ...document.info, title: `${section.title} · V2 JSON API` }, paths };
}

/** The document with only the scanner routes (`/api-v2/app/*`). */
export function scannerDocument(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => isScannerPath(path)));
  return {
    ...document,
    info: {
      ...document.info,
      title: 'Scanbase scanner API',
      description:
        'The routes a scanning client uses: sign an app user in, list their services, send scans, uploads and answers, and keep an on-device database. Authenticate with `Authorization: Bearer <token>` using the token `app/signin` returns.',
    },
    paths,
  };
}

/** The address of a V2 reference section, with an optional anchor of the renderer (`tag/<tag>/operation/<id>`). */
export function v2SectionHref(tag: string, anchor?: string): string {
  const path = `/apidocs/v2?section=${encodeURIComponent(tag)}`;
  return anchor ? `${path}#${anchor}` : path;
}

let loading: Promise<OpenApiDocument> | null = null;

/** The V2 OpenAPI document this server serves, fetched once per page load (the reference and the search share it). */
export function loadOpenApiDocument(): Promise<OpenApiDocument> {
  loading ??= fetch('/api-v2/openapi.json')
    .then((reply) => {
      if (!reply.ok) throw new Error(`The API description could not be loaded (HTTP ${reply.status}).`);
      return reply.json() as Promise<OpenApiDocument>;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
