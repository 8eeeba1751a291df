/** What people scan for; picked on /pick-interest and used to order the getting-started suggestions. */
export const interestOptions = [
  { id: 'tickets', label: 'Tickets and events', suggestion: { label: 'Set up ticket scanning', href: '/account/specialized-services/create/scan-tickets/' } },
  { id: 'inventory', label: 'Inventory and warehouse', suggestion: { label: 'Create a database of items', href: '/account/databases/new/' } },
  { id: 'attendance', label: 'Attendance', suggestion: { label: 'Set up attendance', href: '/account/specialized-services/create/attendance/' } },
  { id: 'checkinout', label: 'Check in and out', suggestion: { label: 'Set up check in/out', href: '/account/specialized-services/create/check-in-out/' } },
  { id: 'assets', label: 'Asset tracking', suggestion: { label: 'Create a service for assets', href: '/account/services/pre-create/' } },
  { id: 'field', label: 'Field data collection', suggestion: { label: 'Add questions to ask after a scan', href: '/account/questions/new/' } },
] as const;

export type InterestId = (typeof interestOptions)[number]['id'];

const KEY = 'scanbase.interests';

/** The interests picked on this device. */
export function loadInterests(): InterestId[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is InterestId => interestOptions.some((o) => o.id === v)) : [];
  } catch {
    return [];
  }
}

/** Saves the interests (best effort: private modes may refuse, and nothing depends on it). */
export function saveInterests(ids: readonly InterestId[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // The suggestions simply stay in their default order.
  }
}
