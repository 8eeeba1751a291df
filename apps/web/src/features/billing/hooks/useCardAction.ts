import { removeCard, setDefaultCard } from '@scanbase/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Makes a card the default or removes it (`billing/cards/set-default`, `billing/cards/remove`); the list is refreshed. */
export function useCardAction() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, paymentMethodId }: { action: 'default' | 'remove'; paymentMethodId: string }) => v2.call(action === 'default' ? setDefaultCard : removeCard, { paymentMethodId }),
    onSuccess: (cards) => client.setQueryData(['billing', 'cards'], cards),
  });
}
