import { getShortLink } from '@scanbase/contracts/short-links';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One short link with its newest visits (`links/get`). */
export function useShortLink(id: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['links', 'get', id], queryFn: () => v2.call(getShortLink, { id }), enabled: Number.isInteger(id) && id > 0 });
}
