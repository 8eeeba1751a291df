import { listFileStores } from '@scanbase/contracts/file-storage';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export const fileStoresKey = ['file-storage', 'stores'] as const;

/** The account's connected stores and the OAuth providers this server is set up for (`filestorage/list`). */
export function useFileStores() {
  const { v2 } = useServices();
  return useQuery({ queryKey: fileStoresKey, queryFn: () => v2.call(listFileStores, {}) });
}
