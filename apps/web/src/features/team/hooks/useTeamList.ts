import { listTeam } from '@scanbase/contracts/team';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** A page of team members (`team/list`) with the owner named beside them. */
export function useTeamList(page: number, limit: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['team', 'list', page, limit], queryFn: () => v2.call(listTeam, { page, limit, sortby: 'created', sortdirection: 'asc' }), placeholderData: keepPreviousData });
}
