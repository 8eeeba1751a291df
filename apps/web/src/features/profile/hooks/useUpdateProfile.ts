import { updateProfile } from '@scanbase/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Saves name and time zone (`me/update`) and shows the new name in the app bar at once. */
export function useUpdateProfile() {
  const { v2, session } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; timezone?: string }) => v2.call(updateProfile, body),
    onSuccess: ({ profile, user }) => {
      client.setQueryData(['me', 'profile'], profile);
      session.updateUser({ name: user.name, username: user.username, timezone: user.timezone });
    },
  });
}
