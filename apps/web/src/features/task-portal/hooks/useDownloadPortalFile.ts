import { portalTaskFile } from '@scanbase/contracts/portals';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../ui/save-file';
import { usePortal } from '../../portal/hooks/usePortal';

/** Fetches the result file of a shared run (`app/portal/task-file`) and saves it under the server's file name. */
export function useDownloadPortalFile() {
  const { client } = usePortal('taskportal');
  return useMutation({
    mutationFn: async ({ id, fallbackName }: { id: number; fallbackName: string }) => {
      const file = await client.callForFile(portalTaskFile, { id });
      const name = file.fileName ?? fallbackName;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
