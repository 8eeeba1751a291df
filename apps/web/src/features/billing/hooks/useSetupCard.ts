import { setupCard } from '@scanbase/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Starts adding a card: a SetupIntent's client secret for Stripe Elements (`billing/cards/setup`). */
export function useSetupCard() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: () => v2.call(setupCard, {}) });
}
