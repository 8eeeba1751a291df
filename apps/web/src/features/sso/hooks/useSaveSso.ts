import { updateSso } from '@scanbase/contracts/sso';
import type { RouteBody } from '@scanbase/contracts/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Saves the single sign-on settings (`sso/update`); a left-out client secret keeps the stored one. */
export function useSaveSso() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateSso>) => v2.call(updateSso, body),
    onSuccess: (saved) => client.setQueryData(['sso', 'config'], saved),
  });
}
