import { tableBuilderExport, type TableQuery } from '@scanbase/contracts/table-builder';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';

/** Downloads the rows matching the filter with the shown columns, as CSV or XLSX (`table-builder/export`). */
export function useExportTable(id: number) {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async (input: { query: TableQuery; format: 'csv' | 'xlsx'; questionIds: number[] }) => {
      const file = await v2.callForFile(tableBuilderExport, { id, ...input.query, format: input.format, questionIds: input.questionIds });
      const name = file.fileName ?? `table.${input.format}`;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
