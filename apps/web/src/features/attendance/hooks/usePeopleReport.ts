import { attendancePeopleReport } from '@scanbase/contracts/attendance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Per person over a period (`attendance/report-people`); disabled while the period is not valid. */
export function usePeopleReport(instanceId: number, from: string, to: string, enabled: boolean) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['attendance', 'people', instanceId, from, to], queryFn: () => v2.call(attendancePeopleReport, { instanceId, from, to }), enabled, placeholderData: keepPreviousData });
}
