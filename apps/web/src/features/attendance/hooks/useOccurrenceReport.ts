import { attendanceOccurrenceReport } from '@scanbase/contracts/attendance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Per occurrence of a period (`attendance/report-occurrences`); disabled while the period is not valid. */
export function useOccurrenceReport(instanceId: number, from: string, to: string, enabled: boolean) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['attendance', 'occurrences', instanceId, from, to], queryFn: () => v2.call(attendanceOccurrenceReport, { instanceId, from, to }), enabled, placeholderData: keepPreviousData });
}
