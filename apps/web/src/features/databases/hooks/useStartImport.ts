import { startImport } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { ImportBody } from '../import-mapping';

/** Uploads the file and starts the background import (`databases/import-start`); answers the run to follow. */
export function useStartImport() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: { body: ImportBody; file: File }) => v2.call(startImport, body, { file }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['runs'] }),
  });
}
