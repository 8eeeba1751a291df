import { portalDb } from '@scanbase/contracts/portals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePortal } from '../../portal/hooks/usePortal';

export type SharedDbQuery = z.input<typeof portalDb.body>;

/** A lookup in the database of a shared service (`app/portal/db`); idle until a service is chosen. */
export function useSharedDb(q: SharedDbQuery | null) {
  const { client } = usePortal('userportal');
  return useQuery({ queryKey: ['portal', 'userportal', 'db', q], queryFn: () => client.call(portalDb, q!), enabled: q !== null, placeholderData: keepPreviousData });
}
