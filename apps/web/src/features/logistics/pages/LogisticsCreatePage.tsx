import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LogisticsSettings } from '@scanbase/contracts/logistics';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { TypePicture } from '../../specialized/components/TypePicture';
import { useCreateSpecialized } from '../../specialized/hooks/useCreateSpecialized';
import { instanceHref } from '../../specialized/specialized-links';
import { StagesFields } from '../components/StagesFields';
import { readLogisticsSettings, stageIssues } from '../logistics-settings';

/** /account/specialized-services/create/logistics/: name, stages with their late rules, app users; lands on the instance page. */
export function LogisticsCreatePage() {
  const [name, setName] = useState('');
  const [settings, setSettings] = useState<LogisticsSettings>(() => readLogisticsSettings({}));
  const [users, setUsers] = useState<Set<number>>(new Set());
  const [nameIssue, setNameIssue] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const appUsers = useAppUserOptions();
  const create = useCreateSpecialized();
  const navigate = useNavigate();
  const issues = checked ? stageIssues(settings.stages) : { byIndex: {} };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = stageIssues(settings.stages);
    setNameIssue(name.trim() === '' ? 'Enter a name' : null);
    if (name.trim() === '' || found.list || Object.keys(found.byIndex).length > 0) return;
    try {
      const stages = settings.stages.map((s) => ({ ...s, name: s.name.trim() }));
      const made = await create.mutateAsync({ type: 'logistics', name: name.trim(), databaseId: null, settings: { ...settings, stages }, userIds: [...users] });
      await navigate({ href: instanceHref({ id: made.id, type: 'logistics' }) });
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
        <TypePicture type="logistics" size={40} />
        <Typography variant="h1">New logistics service</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Drivers scan a package and pick its stage; each scan records where it happened. At the last stage the scanner asks for a photo, the recipient’s signature and name. GS1 labels (SSCC) are read as one package.
      </Typography>
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)} aria-label="New logistics service">
        <FormAlert message={message} />
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(nameIssue)} helperText={nameIssue ?? 'For example "City deliveries"'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <StagesFields value={settings} onChange={setSettings} issues={issues} />
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>App users who scan</Typography>
          {appUsers.isPending ? <LoadingState label="Loading app users…" /> : appUsers.isError ? <ErrorState message={appUsers.error.message} onRetry={() => void appUsers.refetch()} /> : appUsers.data.items.length === 0 ? (
            <Typography color="text.secondary">You have no app users yet; add them later on the service’s page.</Typography>
          ) : (
            <UserChecklist users={appUsers.data.items} selected={users} onChange={setUsers} />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            Create logistics service
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
