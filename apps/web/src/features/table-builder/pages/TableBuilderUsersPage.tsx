import Box from '@mui/material/Box';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { InstanceUsersForm } from '../../specialized/components/InstanceUsersForm';
import { EditorColumnsForm } from '../components/EditorColumnsForm';

const copy = {
  label: 'Who scans',
  empty: 'No app users yet. Add the people who scan; they sign in to the scanner with their username and password.',
  count: (n: number) => (n === 0 ? 'Nobody can scan here yet.' : `${n} ${n === 1 ? 'person' : 'people'} can scan here.`),
};

/** /account/specialized-services/{instanceId}/table-builder/users/: who scans, and which columns each of them may edit. */
export function TableBuilderUsersPage() {
  return (
    <InstanceFrame type="table-builder" tab="users" intro="Who may scan values into this table with the scanner app, and which columns each of them may fill in or change.">
      {(instance) => (
        <Box key={`${instance.id}-${instance.userIds.join(',')}`} sx={{ display: 'grid', gap: 3 }}>
          <InstanceUsersForm instance={instance} copy={copy} />
          <EditorColumnsForm instance={instance} />
        </Box>
      )}
    </InstanceFrame>
  );
}
