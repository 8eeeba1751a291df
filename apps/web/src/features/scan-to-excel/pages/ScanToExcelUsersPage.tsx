import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useSetServiceUsers } from '../../services/hooks/useSetServiceUsers';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';

function UsersForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const users = useAppUserOptions();
  const setUsers = useSetServiceUsers();
  const client = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(instance.userIds));
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);

  const save = async () => {
    try {
      await setUsers.mutateAsync({ id: instance.id, userIds: [...selected] });
      await client.invalidateQueries({ queryKey: ['specialized', 'get', instance.id] });
      setNotice({ text: 'Saved.', ok: true });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  if (users.isPending) return <LoadingState label="Loading app users…" />;
  if (users.isError) return <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Who scans"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      {users.data.items.length === 0 ? (
        <Typography color="text.secondary">No app users yet. Add the people who scan; they sign in to the scanner with their username and password.</Typography>
      ) : (
        <UserChecklist
          users={users.data.items}
          selected={selected}
          onChange={(next) => {
            setSelected(next);
            setNotice(null);
          }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={setUsers.isPending} startIcon={setUsers.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
          Save
        </Button>
        <Button variant="outlined" component={RouterLink} href="/account/users/new/">
          Add a user
        </Button>
        <Typography variant="body2" color="text.secondary">
          {selected.size === 0 ? 'Nobody can scan here yet.' : `${selected.size} ${selected.size === 1 ? 'person' : 'people'} can scan here.`}
        </Typography>
      </Box>
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/scan-to-excel/users/: the app users who may scan with this service. */
export function ScanToExcelUsersPage() {
  return (
    <InstanceFrame type="scan-to-excel" tab="users" intro="Who may scan into this sheet with the scanner app. People not ticked here do not see it.">
      {(instance) => <UsersForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
