import { getSettings } from '@scanbase/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account settings (`settings/get`). */
export function useSettings() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['settings'], queryFn: () => v2.call(getSettings, {}) });
}
