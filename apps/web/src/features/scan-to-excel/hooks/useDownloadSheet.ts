import { scanToExcelDownload } from '@scanbase/contracts/scan-to-excel';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';

/** Downloads the sheet now as XLSX (`scan-to-excel/download`), named as the server names it. */
export function useDownloadSheet(id: number) {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async () => {
      const file = await v2.callForFile(scanToExcelDownload, { id });
      const name = file.fileName ?? 'scans.xlsx';
      saveBlob(file.blob, name);
      return name;
    },
  });
}
