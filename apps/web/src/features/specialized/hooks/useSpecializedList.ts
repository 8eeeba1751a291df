import { listSpecialized, type SpecializedType } from '@scanbase/contracts/specialized';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type SpecializedListParams = { page: number; limit: number; search?: string; type?: SpecializedType };

/** A page of the account's specialized service instances (`specialized/list`). */
export function useSpecializedList(params: SpecializedListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['specialized', 'list', params], queryFn: () => v2.call(listSpecialized, params), placeholderData: keepPreviousData });
}
