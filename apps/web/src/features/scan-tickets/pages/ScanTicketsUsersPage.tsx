import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceUsersForm } from '../../specialized/components/InstanceUsersForm';

const copy = {
  label: 'Gate staff',
  empty: 'No app users yet. Add the gate staff; they sign in to the scanner with their username and password.',
  count: (n: number) => (n === 0 ? 'Nobody can scan tickets here yet.' : `${n} ${n === 1 ? 'person' : 'people'} can scan tickets here.`),
};

/** /account/specialized-services/{instanceId}/scan-tickets/users/: the app users who may scan tickets with this gate. */
export function ScanTicketsUsersPage() {
  return (
    <InstanceFrame type="scan-tickets" tab="users" intro="Who may scan tickets with this gate in the scanner. People not ticked here do not see it.">
      {(instance) => <InstanceUsersForm key={instance.id} instance={instance} copy={copy} />}
    </InstanceFrame>
  );
}
