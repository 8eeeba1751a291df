import { disconnectFileStore } from '@scanbase/contracts/file-storage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { fileStoresKey } from './useFileStores';

/** Removes a store with its tokens or secret (`filestorage/disconnect`). */
export function useDisconnectFileStore() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(disconnectFileStore, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: fileStoresKey }),
  });
}
