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

/** What a type's Users tab says: the form's name, the text without app users, and the count under the list. */
export type InstanceUsersCopy = { label: string; empty: string; count: (people: number) => string };

/** The Users tab of a specialized instance: tick the app users who may scan with it, then save. */
export function InstanceUsersForm({ instance, copy }: { instance: SpecializedInstanceDetail; copy: InstanceUsersCopy }) {
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
      aria-label={copy.label}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      {users.data.items.length === 0 ? (
        <Typography color="text.secondary">{copy.empty}</Typography>
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
          {copy.count(selected.size)}
        </Typography>
      </Box>
    </Box>
  );
}
