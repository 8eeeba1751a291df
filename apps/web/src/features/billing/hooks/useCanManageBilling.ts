import { hasPrivilege } from '@scanbase/contracts/role-rules';
import { useSession } from '../../../session/useSession';

/** True for the owner and members with the billing privilege (the server checks the same). */
export function useCanManageBilling(): boolean {
  const { session } = useSession();
  const access = session.access();
  return hasPrivilege(access.roles[0] ?? '', access.privileges, 'billing');
}
