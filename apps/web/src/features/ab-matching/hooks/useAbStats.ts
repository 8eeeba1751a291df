import { abMatchingStats } from '@scanbase/contracts/ab-matching';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Matches and mismatches of an instance, by app user (`abmatching/stats`). */
export function useAbStats(id: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['abmatching', 'stats', id], queryFn: () => v2.call(abMatchingStats, { id }) });
}
