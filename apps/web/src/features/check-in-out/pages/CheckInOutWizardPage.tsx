import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckInOutMode } from '@scanbase/contracts/check-in-out';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { DatabasePicker } from '../../services/components/DatabasePicker';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { TypePicture } from '../../specialized/components/TypePicture';
import { useCreateSpecialized } from '../../specialized/hooks/useCreateSpecialized';
import { instanceHref } from '../../specialized/specialized-links';
import { ModeField } from '../components/ModeField';

/** /account/specialized-services/create/check-in-out/: name, mode, an optional database and the app users; lands on Details. */
export function CheckInOutWizardPage() {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<CheckInOutMode>('toggle');
  const [restrict, setRestrict] = useState(false);
  const [databaseId, setDatabaseId] = useState('');
  const [users, setUsers] = useState<Set<number>>(new Set());
  const [issues, setIssues] = useState<{ name?: string; database?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const appUsers = useAppUserOptions();
  const create = useCreateSpecialized();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof issues = {};
    if (name.trim() === '') found.name = 'Enter a name';
    if (restrict && databaseId === '') found.database = 'Pick the database of allowed values';
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await create.mutateAsync({ type: 'check-in-out', name: name.trim(), databaseId: restrict ? Number(databaseId) : null, settings: { mode }, userIds: [...users] });
      await navigate({ href: instanceHref({ id: made.id, type: 'check-in-out' }, 'details') });
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Not created. Try again.');
    }
  };

  return (
    <Box sx={{ maxWidth: 820 }}>
      <Button component={RouterLink} href="/account/specialized-services/create/" sx={{ ml: -1, mb: 1 }}>
        ← All types
      </Button>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <TypePicture type="check-in-out" size={40} />
        <Typography variant="h1">New check in/out</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        People, badges or equipment are either in or out. Name the service, choose how the scanner decides the direction, and who scans. You can set a
        checklist, questions and portal access afterwards.
      </Typography>
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)} aria-label="New check in/out">
        <FormAlert message={message} />
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(issues.name)} helperText={issues.name ?? 'For example "Main entrance" or "Tool room"'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <ModeField value={mode} onChange={setMode} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormControlLabel control={<Checkbox checked={restrict} onChange={(event) => setRestrict(event.target.checked)} />} label="Only values in a database (a list of people, badges or tools)" />
          {restrict ? (
            <Box sx={{ mt: 1.5 }}>
              <DatabasePicker value={databaseId} onChange={setDatabaseId} error={issues.database} />
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Without a database any value can be checked in and out.
            </Typography>
          )}
        </Paper>
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>App users who scan</Typography>
          {appUsers.isPending ? <LoadingState label="Loading app users…" /> : appUsers.isError ? <ErrorState message={appUsers.error.message} onRetry={() => void appUsers.refetch()} /> : appUsers.data.items.length === 0 ? (
            <Typography color="text.secondary">You have no app users yet; add them later on the Users tab.</Typography>
          ) : (
            <UserChecklist users={appUsers.data.items} selected={users} onChange={setUsers} />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            Create check in/out
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
