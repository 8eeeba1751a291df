import { generateLabels } from '@scanbase/contracts/barcodes';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';
import type { LabelsBody } from '../label-form';

/** Asks `barcode/labels` for the PDF and saves it (named after the layout). */
export function useLabelSheetDownload() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async (body: LabelsBody) => {
      const file = await v2.callForFile(generateLabels, body);
      const name = `labels-${body.layout}.pdf`;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
