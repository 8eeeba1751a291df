import { listServices, type ValidationMethod } from '@scanbase/contracts/services';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type ServiceListParams = { page: number; limit: number; search?: string; sortby?: string; sortdirection?: 'asc' | 'desc'; servicetype?: ValidationMethod };

/** A page of the account's services (`services/list`). */
export function useServiceList(params: ServiceListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['services', 'list', params], queryFn: () => v2.call(listServices, params), placeholderData: keepPreviousData });
}
