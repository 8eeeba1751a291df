import type { RouteBody } from '@scanbase/contracts';
import { startScanExport } from '@scanbase/contracts/scan-data';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Starts a background export of scans (`scans/export-start`); answers the run to follow. */
export function useStartScanExport() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (body: RouteBody<typeof startScanExport>) => v2.call(startScanExport, body) });
}
