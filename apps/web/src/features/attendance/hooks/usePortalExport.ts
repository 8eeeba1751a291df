import { attendancePortalExport } from '@scanbase/contracts/attendance';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../ui/save-file';
import { usePortal } from '../../portal/hooks/usePortal';
import type { PortalOccurrenceKey } from './usePortalRegister';

/** Downloads an occurrence's register as CSV or XLSX (`attendance/portal/export`). */
export function usePortalExport(key: PortalOccurrenceKey) {
  const { client } = usePortal('attendance');
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const file = await client.callForFile(attendancePortalExport, { ...key, format });
      const name = file.fileName ?? `register-${key.date}.${format}`;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
