import { getBillingOverview } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Plan, renewal, credit, open invoices and business details (`billing/overview`). */
export function useBillingOverview() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'overview'], queryFn: () => v2.call(getBillingOverview, {}) });
}
