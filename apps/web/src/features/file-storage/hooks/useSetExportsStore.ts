import { setFileStoreTargets } from '@scanbase/contracts/file-storage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { fileStoresKey } from './useFileStores';

/** What receives the account's files: the exports store (or none) and whether scan photos go there too (left out: unchanged). */
export type ExportsTargetChoice = { exportsStoreId: number | null; copyScanFiles?: boolean };

/** Chooses the store that receives every task run's file, or none, and whether it also receives scan photos (`filestorage/targets`). */
export function useSetExportsStore() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ExportsTargetChoice) => v2.call(setFileStoreTargets, choice),
    onSettled: () => client.invalidateQueries({ queryKey: fileStoresKey }),
  });
}
