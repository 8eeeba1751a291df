import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useSetServiceUsers } from '../../services/hooks/useSetServiceUsers';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { portalHref, readSettings } from '../check-in-out-settings';
import { useSaveSettings } from '../hooks/useSaveSettings';

function UsersForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const appUsers = useAppUserOptions();
  const [scan, setScan] = useState<Set<number>>(new Set(instance.userIds));
  const [portal, setPortal] = useState<Set<number>>(new Set(readSettings(instance.settings).portalUserIds));
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const setUsers = useSetServiceUsers();
  const { save, pending } = useSaveSettings(instance);
  const client = useQueryClient();
  const flip = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setUsers.mutateAsync({ id: instance.id, userIds: [...scan] });
      await save({ portalUserIds: [...portal].filter((id) => scan.has(id)) });
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
      <TableContainer>
        <Table size="small" aria-label="App users: who scans and who has portal access">
          <TableHead>
            <TableRow>
              <TableCell>App user</TableCell>
              <TableCell padding="checkbox">Scans</TableCell>
              <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>Portal access</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {appUsers.data.items.map((user) => (
              <TableRow key={user.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.username}</TableCell>
                <TableCell padding="checkbox">
                  <Checkbox checked={scan.has(user.id)} onChange={(event) => setScan(flip(scan, user.id, event.target.checked))} slotProps={{ input: { 'aria-label': `${user.username} scans` } }} />
                </TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={scan.has(user.id) && portal.has(user.id)}
                    disabled={!scan.has(user.id)}
                    onChange={(event) => setPortal(flip(portal, user.id, event.target.checked))}
                    slotProps={{ input: { 'aria-label': `${user.username} has portal access` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending || setUsers.isPending}>
          Save users
        </Button>
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/{id}/check-in-out/users/: app users who scan, and which of them may open the portal. */
export function CheckInOutUsersPage() {
  return (
    <InstanceFrame
      type="check-in-out"
      tab="users"
      intro={
        <>
          App users who scan with this service in the scanner app. Those with portal access also sign in to the portal (<code>/checkinout/</code>) with their app username and
          password to see who is in and check values in or out by hand; they never see the admin area. Portal access needs scanning: a movement by hand is a scan.
        </>
      }
    >
      {(instance) => (
        <Stack spacing={2}>
          <UsersForm key={instance.id} instance={instance} />
          <Typography variant="body2">
            Portal address: <RouterLink href={portalHref(instance.id)}>{`${window.location.origin}${portalHref(instance.id)}`}</RouterLink>
          </Typography>
        </Stack>
      )}
    </InstanceFrame>
  );
}
