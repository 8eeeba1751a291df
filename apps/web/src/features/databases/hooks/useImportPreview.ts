import { previewImport } from '@scanbase/contracts/databases';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export const PREVIEW_ROWS = 8;

/** Uploads a file for its first rows (`databases/import-preview`), to map its columns. */
export function useImportPreview() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => v2.call(previewImport, { id, rows: PREVIEW_ROWS }, { file }),
  });
}
