import { tableBuilderLinks } from '@scanbase/contracts/table-builder';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The instance's share links, newest first (`table-builder/links`). */
export function useShareLinks(id: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['table-builder', 'links', id], queryFn: () => v2.call(tableBuilderLinks, { id }) });
}
