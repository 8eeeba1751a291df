import { setServiceUsers } from '@scanbase/contracts/services';
import { updateSpecialized } from '@scanbase/contracts/specialized';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Saves who may lead (type setting `leaderUserIds`) and who may scan (`services/set-users`). */
export function useSaveAttendancePeople(instanceId: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ settings, leaderUserIds, userIds }: { settings: Record<string, unknown>; leaderUserIds: number[]; userIds: number[] }) => {
      await v2.call(setServiceUsers, { id: instanceId, userIds });
      return v2.call(updateSpecialized, { id: instanceId, settings: { ...settings, leaderUserIds } });
    },
    onSuccess: (instance) => client.setQueryData(['specialized', 'get', instance.id], instance),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['specialized'] }), client.invalidateQueries({ queryKey: ['appusers'] })]),
  });
}
