import { testFileStore } from '@scanbase/contracts/file-storage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { fileStoresKey } from './useFileStores';

/** Writes and deletes a small file in a store and answers each step (`filestorage/test`). */
export function useTestFileStore() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(testFileStore, { id }),
    // A failed test may have disconnected a store (revoked grant) or noted an error.
    onSettled: () => client.invalidateQueries({ queryKey: fileStoresKey }),
  });
}
