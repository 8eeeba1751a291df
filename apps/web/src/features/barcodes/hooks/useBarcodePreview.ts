import { generateBarcode } from '@scanbase/contracts/barcodes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useDebouncedValue } from './useDebouncedValue';

export type PreviewRequest = { value: string; symbology: string; showValue: boolean };

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the preview image'));
    reader.readAsDataURL(blob);
  });
}

/** A PNG data URL of one barcode from `barcode/generate`, following the inputs 400 ms after they settle. */
export function useBarcodePreview(request: PreviewRequest | null) {
  const { v2 } = useServices();
  const settled = useDebouncedValue(request, 400);
  const query = useQuery({
    queryKey: ['barcodes', 'preview', settled],
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      if (!settled) throw new Error('Nothing to preview');
      const file = await v2.callForFile(generateBarcode, { value: settled.value, symbology: settled.symbology, showValue: settled.showValue, format: 'png', scale: 4 });
      return blobToDataUrl(file.blob);
    },
  });
  const pending = request !== null && (JSON.stringify(request) !== JSON.stringify(settled) || query.isFetching);
  return { dataUrl: request === null ? null : (query.data ?? null), error: query.isError && !query.isFetching ? query.error : null, pending };
}
