import { useListSearch } from '../../tasks/hooks/useListSearch';
import { filtersFromSearch, type ApiLogFilters } from '../api-log-filters';

/** The API log's filters kept in the address (page, limit, section, status, key), and a setter that merges changes into it. */
export function useApiLogFilters(): { filters: ApiLogFilters; update: (patch: Record<string, string | number | undefined>) => void } {
  const { search, update } = useListSearch();
  return { filters: filtersFromSearch(search), update };
}
