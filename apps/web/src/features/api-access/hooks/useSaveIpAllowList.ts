import { updateIpAllowList } from '@scanbase/contracts/api-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Replaces the IP allow-list (`ipallowlist/update`); the reply is the list as stored (normalised). */
export function useSaveIpAllowList() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entries: string[]) => v2.call(updateIpAllowList, { entries }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ipallowlist'] }),
  });
}
