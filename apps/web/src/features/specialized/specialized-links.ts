import { specializedTypeInfo, type SpecializedType } from '@scanbase/contracts/specialized';
import { routesByName } from '../../app/route-table';

/** Whether a type's create wizard is built (its route has a page). */
export function isTypeBuilt(type: SpecializedType): boolean {
  return routesByName.get(`account.specialized.create.${type}`)?.page !== undefined;
}

/** The wizard of a type. */
export const createHref = (type: SpecializedType) => `/account/specialized-services/create/${type}/`;

/** An instance's page: its first tab, or the given one. */
export function instanceHref(instance: { id: number; type: SpecializedType }, tab?: string): string {
  const first = specializedTypeInfo[instance.type].tabs[0];
  const chosen = tab ?? first;
  return `/account/specialized-services/${instance.id}/${instance.type}/${chosen ? `${chosen}/` : ''}`;
}
