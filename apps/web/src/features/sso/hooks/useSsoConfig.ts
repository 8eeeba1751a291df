import { getSso } from '@scanbase/contracts/sso';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's single sign-on settings (`sso/get`; never the client secret). */
export function useSsoConfig() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['sso', 'config'], queryFn: () => v2.call(getSso, {}) });
}
