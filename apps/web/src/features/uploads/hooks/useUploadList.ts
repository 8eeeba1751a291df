import { listUploads } from '@scanbase/contracts/scan-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { UploadsBody } from '../upload-filters';

/** A page of the account's uploads (`uploads/list`), newest first; `body` null waits (a range that cannot be sent). */
export function useUploadList(body: UploadsBody | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['uploads', 'list', body],
    enabled: body !== null,
    placeholderData: keepPreviousData,
    queryFn: () => {
      if (!body) throw new Error('Nothing to load');
      return v2.call(listUploads, body);
    },
  });
}
