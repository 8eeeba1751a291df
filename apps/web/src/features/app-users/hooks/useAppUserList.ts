import { listAppUsers } from '@scanbase/contracts/app-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type AppUserListParams = { page: number; limit: number; search?: string; sortby?: string; sortdirection?: 'asc' | 'desc' };

/** A page of app users (`appusers/list`); the account owner's own app user is always among them. */
export function useAppUserList(params: AppUserListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['appusers', 'list', params], queryFn: () => v2.call(listAppUsers, params), placeholderData: keepPreviousData });
}
