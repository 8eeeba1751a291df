import { connectFileStore } from '@scanbase/contracts/file-storage';
import type { RouteBody } from '@scanbase/contracts/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { fileStoresKey } from './useFileStores';

/** Connects an S3-compatible store or a WebDAV folder by its credentials (`filestorage/connect`). */
export function useConnectFileStore() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof connectFileStore>) => v2.call(connectFileStore, body),
    onSuccess: () => client.invalidateQueries({ queryKey: fileStoresKey }),
  });
}
