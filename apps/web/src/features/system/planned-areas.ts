/*
 * What each area not built yet will offer, by the `planned` key of its route table entries; shown on its
 * "not available yet" page. Kept out of the route table, which is part of every first page (docs/WEB.md,
 * "First page"): this text loads with the "not available yet" page only. Every route of the spec has its page
 * now, so no area is listed; a route added to the table before its page names its area here.
 */
export const plannedAreas: Readonly<Record<string, readonly string[]>> = {};

export type PlannedArea = string;
