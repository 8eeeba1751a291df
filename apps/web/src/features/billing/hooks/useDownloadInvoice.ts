import { downloadInvoice } from '@scanbase/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';

/** Fetches an invoice PDF (`billing/invoices/pdf`) and saves it under its number. */
export function useDownloadInvoice() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async ({ id, number }: { id: number; number: string }) => {
      const file = await v2.callForFile(downloadInvoice, { id });
      saveBlob(file.blob, file.fileName ?? `${number}.pdf`);
    },
  });
}
