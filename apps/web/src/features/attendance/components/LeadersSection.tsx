import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useAppUserChoices } from '../hooks/useAppUserChoices';
import { useSaveAttendancePeople } from '../hooks/useSaveAttendancePeople';
import { UserRolesTable } from './UserRolesTable';

/** The Leaders section: which app users lead sessions in the attendance portal and which scan. */
export function LeadersSection({ instance }: { instance: SpecializedInstanceDetail }) {
  const users = useAppUserChoices();
  const save = useSaveAttendancePeople(instance.id);
  const stored = Array.isArray(instance.settings.leaderUserIds) ? (instance.settings.leaderUserIds as number[]) : [];
  const [leaders, setLeaders] = useState<number[]>(stored);
  const [scanners, setScanners] = useState<number[]>(instance.userIds);
  const [saved, setSaved] = useState(false);
  if (users.isPending) return <LoadingState label="Loading app users…" />;
  if (users.isError) return <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />;
  if (users.data.items.length === 0)
    return (
      <EmptyState title="No app users yet" action={<Button variant="contained" component={RouterLink} href="/account/users/new/">New app user</Button>}>
        Leaders and scanners are app users: they sign in with a username and password.
      </EmptyState>
    );
  const changed = JSON.stringify([...leaders].sort()) !== JSON.stringify([...stored].sort()) || JSON.stringify([...scanners].sort()) !== JSON.stringify([...instance.userIds].sort());
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Leaders sign in at <strong>/attendance/signin/</strong> to keep the register of their sessions: mark people by hand and close a session. Scanners take attendance with the scanner app.
      </Typography>
      {saved && !changed ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Saved.
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error.message}
        </Alert>
      ) : null}
      <UserRolesTable users={users.data.items} leaders={leaders} scanners={scanners} onLeaders={setLeaders} onScanners={setScanners} />
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={!changed || save.isPending}
        onClick={() => save.mutate({ settings: instance.settings, leaderUserIds: leaders, userIds: scanners }, { onSuccess: () => setSaved(true) })}
      >
        Save leaders and scanners
      </Button>
    </Box>
  );
}
