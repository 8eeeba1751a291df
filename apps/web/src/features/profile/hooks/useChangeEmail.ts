import { changeEmail } from '@scanbase/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Asks for a new sign-in email (`me/change-email`): a link goes to the new address. */
export function useChangeEmail() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) => v2.call(changeEmail, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'profile'] }),
  });
}
