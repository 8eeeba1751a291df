import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useSetServiceUsers } from '../../services/hooks/useSetServiceUsers';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';

function UsersForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const appUsers = useAppUserOptions();
  const [selected, setSelected] = useState<Set<number>>(new Set(instance.userIds));
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const setUsers = useSetServiceUsers();
  const client = useQueryClient();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setUsers.mutateAsync({ id: instance.id, userIds: [...selected] });
      await client.invalidateQueries({ queryKey: ['specialized', 'get', instance.id] });
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };
  if (appUsers.isPending) return <LoadingState label="Loading app users…" />;
  if (appUsers.isError) return <ErrorState message={appUsers.error.message} onRetry={() => void appUsers.refetch()} />;
  if (appUsers.data.items.length === 0) {
    return (
      <Box>
        <Typography color="text.secondary">You have no app users yet.</Typography>
        <Button variant="outlined" component={RouterLink} href="/account/users/" sx={{ mt: 1.5 }}>
          Add app users
        </Button>
      </Box>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label="Users">
      <UserChecklist users={appUsers.data.items} selected={selected} onChange={setSelected} />
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={setUsers.isPending}>
          Save users
        </Button>
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/{id}/ab-barcode-matching/users/: the app users who scan pairs with this service. */
export function AbBarcodeMatchingUsersPage() {
  return (
    <InstanceFrame type="ab-barcode-matching" tab="users" intro="App users who scan pairs with this service in the scanner app. The Type tab counts matches and mismatches by each of them.">
      {(instance) => <UsersForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
