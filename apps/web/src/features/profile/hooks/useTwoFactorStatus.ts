import { getTwoFactor } from '@scanbase/contracts/two-factor';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Whether your two-factor sign-in is on, recovery codes left, and whether the account requires it (`me/two-factor/status`). */
export function useTwoFactorStatus() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['me', 'two-factor'], queryFn: () => v2.call(getTwoFactor, {}) });
}
