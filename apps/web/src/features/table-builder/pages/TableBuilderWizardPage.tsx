import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useQuestionOptions } from '../../services/hooks/useQuestionOptions';
import { useSetServiceQuestions } from '../../services/hooks/useSetServiceQuestions';
import { TypePicture } from '../../specialized/components/TypePicture';
import { useCreateSpecialized } from '../../specialized/hooks/useCreateSpecialized';
import { instanceHref } from '../../specialized/specialized-links';

/** /account/specialized-services/create/table-builder/: name, the key column, the columns (existing questions) and who scans; lands on the table view. */
export function TableBuilderWizardPage() {
  const [name, setName] = useState('');
  const [keyLabel, setKeyLabel] = useState('Barcode');
  const [columns, setColumns] = useState<number[]>([]);
  const [users, setUsers] = useState<Set<number>>(new Set());
  const [issues, setIssues] = useState<{ name?: string; keyLabel?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const appUsers = useAppUserOptions();
  const questions = useQuestionOptions();
  const create = useCreateSpecialized();
  const setQuestions = useSetServiceQuestions();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof issues = {};
    if (name.trim() === '') found.name = 'Enter a name';
    if (keyLabel.trim() === '') found.keyLabel = 'Give the key column a header';
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await create.mutateAsync({ type: 'table-builder', name: name.trim(), settings: { keyLabel: keyLabel.trim() }, userIds: [...users] });
      if (columns.length > 0) await setQuestions.mutateAsync({ id: made.id, questions: columns.map((id) => ({ id, condition: 'pre_submit', required: false })) });
      await navigate({ href: instanceHref({ id: made.id, type: 'table-builder' }, 'tableview') });
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
        <TypePicture type="table-builder" size={40} />
        <Typography variant="h1">New table</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        A row per scanned code, for example an asset tag, and a column per question. Scanning a code opens its row: your team sees what was recorded and fills in or changes the columns.
      </Typography>
      <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)} aria-label="New table">
        <FormAlert message={message} />
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(issues.name)} helperText={issues.name ?? 'For example "Laptops of the Leeds office"'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label="Header of the key column" required value={keyLabel} onChange={(event) => setKeyLabel(event.target.value)} error={Boolean(issues.keyLabel)} helperText={issues.keyLabel ?? 'What is scanned, for example Asset tag'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            Columns
          </Typography>
          {questions.isPending ? <LoadingState label="Loading questions…" /> : questions.isError ? <ErrorState message={questions.error.message} onRetry={() => void questions.refetch()} /> : questions.data.items.length === 0 ? (
            <Typography color="text.secondary">You have no questions yet; create them and add them on the Questions tab.</Typography>
          ) : (
            <FormGroup>
              {questions.data.items.map((q) => (
                <FormControlLabel
                  key={q.id}
                  control={<Checkbox checked={columns.includes(q.id)} onChange={(e) => setColumns(e.target.checked ? [...columns, q.id] : columns.filter((c) => c !== q.id))} />}
                  label={q.text}
                />
              ))}
            </FormGroup>
          )}
        </Box>
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
            Create table
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
