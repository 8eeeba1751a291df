/*
 * What each area not built yet will offer, by the `planned` key of its route table entries; shown on its
 * "not available yet" page. Kept out of the route table, which is part of every first page (docs/WEB.md,
 * "First page"): this text loads with the "not available yet" page only.
 */
export const plannedAreas = {
  publicTools: ['Public help and tool pages linked from the scanner apps'],
  portal: ['Sign-in and pages for visitors and app users of this portal'],
  sso: ['Single sign-on with your identity provider', 'Google sign-in'],
  share: ['Opening shared task results with a share link', 'A clear page when a link has expired'],
  device: ['Looking up a device and its table data from the scanner app'],
  specialized: ['Ready-made services: table builder, check in/out, logistics, A/B barcode matching, attendance, ticket scanning, scan to Excel', 'Details, users, questions, tables and exports per instance'],
  scans: ['Search scans with every filter kept in the address', 'Full, list, map, photo and statistics views', 'Edit scans and review uploads', 'Export templates'],
  databases: ['Databases of valid values with search, add, import, autofill and clear', 'Record-level view and record uploads'],
  users: ['App users who scan: list, create, edit, assign to services'],
  devices: ['Devices that scan for your account and their status'],
  billing: ['Billing overview, business details, invoices and credit cards', 'Plans, upgrades and scheduled plan changes'],
  integrations: ['Postback to your server', 'File storage providers', 'Zapier and Make', 'Single sign-on'],
  customize: ['Branding: logo and colours of the portals and emails'],
  account: ['Short links to shared pages', 'Deleting the account'],
} as const;

export type PlannedArea = keyof typeof plannedAreas;
