import { appTableBuilderRows, type TableQuery } from '@scanbase/contracts/table-builder';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useScanner } from '../../scanner/hooks/useScanner';

/** A table as the signed-in app user sees it (`app/table-builder/rows` with the scanner's token); `deviceId`: only the rows that device scanned. */
export function useAppTable(args: { enabled: boolean; tableId: number; deviceId?: number | undefined; query: TableQuery; page: number; limit: number }) {
  const { client } = useScanner();
  return useQuery({
    queryKey: ['app-table', args.tableId, args.deviceId, args.query, args.page, args.limit],
    queryFn: () => client.call(appTableBuilderRows, { tableId: args.tableId, ...(args.deviceId === undefined ? {} : { deviceId: args.deviceId }), ...args.query, page: args.page, limit: args.limit }),
    enabled: args.enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
