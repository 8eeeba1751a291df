import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceUsersForm } from '../../specialized/components/InstanceUsersForm';

const copy = {
  label: 'Who scans',
  empty: 'No app users yet. Add the people who scan; they sign in to the scanner with their username and password.',
  count: (n: number) => (n === 0 ? 'Nobody can scan here yet.' : `${n} ${n === 1 ? 'person' : 'people'} can scan here.`),
};

/** /account/specialized-services/{instanceId}/scan-to-excel/users/: the app users who may scan with this service. */
export function ScanToExcelUsersPage() {
  return (
    <InstanceFrame type="scan-to-excel" tab="users" intro="Who may scan into this sheet with the scanner app. People not ticked here do not see it.">
      {(instance) => <InstanceUsersForm key={instance.id} instance={instance} copy={copy} />}
    </InstanceFrame>
  );
}
