import { downloadJobFile } from '@scanbase/contracts/tasks';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';

/** Fetches a run's file (`jobs/download`) with the session token and saves it under the server's file name. */
export function useDownloadJobFile() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async ({ id, fallbackName }: { id: number; fallbackName: string }) => {
      const file = await v2.callForFile(downloadJobFile, { id });
      const name = file.fileName ?? fallbackName;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
