import { setFileStoreTargets } from '@scanbase/contracts/file-storage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { fileStoresKey } from './useFileStores';

/** Chooses the store that receives every task run's file, or none (`filestorage/targets`). */
export function useSetExportsStore() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exportsStoreId: number | null) => v2.call(setFileStoreTargets, { exportsStoreId }),
    onSettled: () => client.invalidateQueries({ queryKey: fileStoresKey }),
  });
}
