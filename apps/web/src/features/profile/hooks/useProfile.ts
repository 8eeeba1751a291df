import { getProfile } from '@scanbase/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The signed-in person's name, email, time zone and pending email change (`me/profile`). */
export function useProfile() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['me', 'profile'], queryFn: () => v2.call(getProfile, {}) });
}
