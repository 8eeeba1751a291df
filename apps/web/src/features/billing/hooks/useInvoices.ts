import { listInvoices } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's invoices, newest first (`billing/invoices/list`). */
export function useInvoices() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'invoices'], queryFn: () => v2.call(listInvoices, {}) });
}
