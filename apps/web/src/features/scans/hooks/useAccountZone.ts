import { useSession } from '../../../session/useSession';

/** The account's time zone: the default of the search's `tz`, and the zone times are shown in without one. */
export function useAccountZone(): string {
  const { user } = useSession();
  return user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
