import { listCards } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's cards as the payment provider holds them (`billing/cards/list`). */
export function useCards() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'cards'], queryFn: () => v2.call(listCards, {}) });
}
