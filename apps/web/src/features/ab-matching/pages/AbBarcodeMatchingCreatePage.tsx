import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AbMatchingSettings } from '@scanbase/contracts/ab-matching';
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
import { readSettings, ruleIssues } from '../ab-settings';
import { RuleFields } from '../components/RuleFields';

/** /account/specialized-services/create/ab-barcode-matching/: name, match rule, the database (for the database rule) and the app users; lands on the Type tab. */
export function AbBarcodeMatchingCreatePage() {
  const [name, setName] = useState('');
  const [settings, setSettings] = useState<AbMatchingSettings>(() => readSettings({}));
  const [databaseId, setDatabaseId] = useState('');
  const [users, setUsers] = useState<Set<number>>(new Set());
  const [issues, setIssues] = useState<{ name?: string; pattern?: string; ai?: string; database?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const appUsers = useAppUserOptions();
  const create = useCreateSpecialized();
  const navigate = useNavigate();
  const usesDatabase = settings.rule === 'database';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof issues = { ...ruleIssues(settings, databaseId !== '') };
    if (name.trim() === '') found.name = 'Enter a name';
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await create.mutateAsync({ type: 'ab-barcode-matching', name: name.trim(), databaseId: usesDatabase ? Number(databaseId) : null, settings, userIds: [...users] });
      await navigate({ href: instanceHref({ id: made.id, type: 'ab-barcode-matching' }, 'type') });
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
        <TypePicture type="ab-barcode-matching" size={40} />
        <Typography variant="h1">New A/B barcode matching</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The scanner asks for label A, then label B, and shows a green MATCH or a red MISMATCH with both values, for example a pallet label against its shipping label.
      </Typography>
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)} aria-label="New A/B barcode matching">
        <FormAlert message={message} />
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(issues.name)} helperText={issues.name ?? 'For example "Dock 3: pallet against shipping label"'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <RuleFields value={settings} onChange={setSettings} issues={issues} />
        {usesDatabase ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 600, mb: 1.5 }}>The database of A values, with B as each one’s response</Typography>
            <DatabasePicker value={databaseId} onChange={setDatabaseId} error={issues.database} />
          </Paper>
        ) : null}
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
            Create A/B matching
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
