/** The tabs of a service, in the order a new service is set up. */
export const serviceTabs = [
  { value: 'type', label: 'Type' },
  { value: 'users', label: 'Users' },
  { value: 'questions', label: 'Questions' },
  { value: 'advanced', label: 'Advanced' },
  { value: 'done', label: 'Summary' },
] as const;

export type ServiceTab = (typeof serviceTabs)[number]['value'];

export const serviceTabHref = (id: number, tab: ServiceTab) => `/account/services/${id}/${tab}/`;

/** The tab after this one (the summary is last). */
export function nextTab(tab: ServiceTab): (typeof serviceTabs)[number] {
  const index = serviceTabs.findIndex((item) => item.value === tab);
  return serviceTabs[Math.min(index + 1, serviceTabs.length - 1)]!;
}
