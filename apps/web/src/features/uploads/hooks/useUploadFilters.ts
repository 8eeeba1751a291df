import { useListSearch } from '../../tasks/hooks/useListSearch';
import { uploadFiltersFrom, type UploadFilters } from '../upload-filters';

/** The uploads filters kept in the address (s, u, d, sd, st, ed, et, u_deleted, s_deleted, page, limit), and a setter that merges changed parameters into it. */
export function useUploadFilters(): { filters: UploadFilters; update: (patch: Record<string, string | number | undefined>) => void } {
  const { search, update } = useListSearch();
  return { filters: uploadFiltersFrom(search), update };
}
