import { portalCheckInOutMove } from '@scanbase/contracts/check-in-out';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePortal } from '../../portal/hooks/usePortal';

/** Checks a value in or out by hand with a reason (`app/checkinout/move`). */
export function usePortalMove() {
  const { client } = usePortal('checkinout');
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof portalCheckInOutMove.body>) => client.call(portalCheckInOutMove, input),
    onSettled: () => queries.invalidateQueries({ queryKey: ['portal', 'checkinout'] }),
  });
}
