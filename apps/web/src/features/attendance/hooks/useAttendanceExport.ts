import { attendanceExport } from '@scanbase/contracts/attendance';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';
import { saveBlob } from '../../../ui/save-file';

/** Downloads a register or report as CSV or XLSX (`attendance/export`), named as the server names it. */
export function useAttendanceExport() {
  const { v2 } = useServices();
  return useMutation({
    mutationFn: async (body: z.input<typeof attendanceExport.body>) => {
      const file = await v2.callForFile(attendanceExport, body);
      const name = file.fileName ?? `attendance.${body.format ?? 'csv'}`;
      saveBlob(file.blob, name);
      return name;
    },
  });
}
