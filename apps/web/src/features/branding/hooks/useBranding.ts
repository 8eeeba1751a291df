import { getBranding } from '@scanbase/contracts/branding';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's branding (`branding/get`). */
export function useBranding() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['branding'], queryFn: () => v2.call(getBranding, {}) });
}
