import { changePassword } from '@scanbase/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes the password (`me/change-password`); the server signs out every other session, so the list is reloaded. */
export function useChangePassword() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => v2.call(changePassword, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
