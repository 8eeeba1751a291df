import { shareLinkOpen, type TableQuery } from '@scanbase/contracts/table-builder';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** What a share link opens (`share-link/open`, no sign-in): the table (with `deviceId`, the rows that device scanned), `expired`, or `password`. */
export function useSharedTable(args: { taskId: string; token: string; password: string; query: TableQuery; page: number; limit: number; deviceId?: number | undefined }) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['share-link', args.taskId, args.token, args.password, args.query, args.page, args.limit, args.deviceId],
    queryFn: () => v2.call(shareLinkOpen, { taskId: args.taskId, token: args.token, ...(args.password ? { password: args.password } : {}), ...(args.deviceId === undefined ? {} : { deviceId: args.deviceId }), ...args.query, page: args.page, limit: args.limit }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
