import { scanTicketsExportStart } from '@scanbase/contracts/scan-tickets';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../../app/useServices';

/** Queues the export of the ticket codes as a PDF label sheet or a ZIP of PNGs (`scan-tickets/export-start`); answers the run's job id. */
export function useStartTicketExport() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (body: z.input<typeof scanTicketsExportStart.body>) => v2.call(scanTicketsExportStart, body) });
}
