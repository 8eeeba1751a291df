import { createAppUser } from '@scanbase/contracts/app-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type NewAppUser = { username: string; password?: string; deviceLimit: number | null; serviceIds: number[] };

/** Creates an app user (`appusers/create`); an email username is sent an invitation instead of using a password. */
export function useCreateAppUser() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAppUser) => v2.call(createAppUser, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['appusers'] }),
  });
}
