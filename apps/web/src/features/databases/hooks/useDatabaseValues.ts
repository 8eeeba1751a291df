import { searchValues } from '@scanbase/contracts/databases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type ValuesParams = { id: number; page: number; limit: number; search?: string; responseSearch?: string; validity?: 0 | 1 };

/** A page of a database's values (`databases/values`): substring search; the total stops counting at 10,000. */
export function useDatabaseValues(params: ValuesParams | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['databases', 'values', params],
    enabled: params !== null,
    queryFn: () => v2.call(searchValues, params ?? { id: 0, page: 1, limit: 1 }),
    placeholderData: keepPreviousData,
  });
}
