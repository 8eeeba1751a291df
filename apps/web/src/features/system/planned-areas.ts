/*
 * What each area not built yet will offer, by the `planned` key of its route table entries; shown on its
 * "not available yet" page. Kept out of the route table, which is part of every first page (docs/WEB.md,
 * "First page"): this text loads with the "not available yet" page only.
 */
export const plannedAreas = {
  publicTools: ['The table page the scanner opens for a table builder row'],
  device: ['Looking up the table rows a device touched, from the scanner app'],
  specialized: ['A ready-made service of this type'],
  integrations: ['Exports and task results saved to Google Drive, Dropbox, OneDrive, S3 or WebDAV'],
} as const;

export type PlannedArea = keyof typeof plannedAreas;
