import { useSearch } from '@tanstack/react-router';

/** One validated query parameter of the current route as text (undefined when absent). */
export function useQueryParam(name: string): string | undefined {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const value = search[name];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
