import { useServiceOptions } from '../../app-users/hooks/useServiceOptions';

/** Names of services by id (“Gate check”, “Front door” and 2 more); null while they load. */
export function useServiceNames(ids: readonly number[]): string | null {
  const services = useServiceOptions();
  if (ids.length === 0) return '';
  if (!services.data) return null;
  const names = ids.map((id) => `“${services.data.items.find((service) => service.id === id)?.name ?? `Service ${id}`}”`);
  if (names.length <= 2) return names.join(' and ');
  return `${names[0]} and ${names.length - 1} more`;
}
