import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { useAddRosterPerson } from '../hooks/useAddRosterPerson';
import { useRosterDatabase } from '../hooks/useRosterDatabase';

/** The Roster section: the database of people (code = what is scanned, name = the response), its size, adding one person. */
export function RosterSection({ databaseId }: { databaseId: number | null }) {
  const roster = useRosterDatabase(databaseId);
  const add = useAddRosterPerson(databaseId ?? 0);
  const [person, setPerson] = useState({ code: '', name: '' });
  const [missing, setMissing] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  if (databaseId === null) return <ErrorState message="This attendance service has no roster database." />;
  if (roster.isPending) return <LoadingState label="Loading the roster…" />;
  if (roster.isError) return <ErrorState message={roster.error.message} onRetry={() => void roster.refetch()} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    if (person.code.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    add.mutate({ code: person.code.trim(), name: person.name.trim() }, { onSuccess: () => (setAdded(person.name.trim() || person.code.trim()), setPerson({ code: '', name: '' })) });
  };
  const db = roster.data;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {db.name}
        </Typography>
        <Typography>
          <strong>{db.valueCount.toLocaleString()}</strong> {db.valueCount === 1 ? 'person' : 'people'} on the roster. Each person&apos;s code is what the scanner reads (a badge or
          student card); the name is shown when they scan.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${db.id}/search/`}>
            Open the roster
          </Button>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${db.id}/manage/`}>
            Import people from a file
          </Button>
        </Stack>
      </Paper>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="add-person-title">
        <Typography id="add-person-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          Add a person
        </Typography>
        {added ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {added} is on the roster.
          </Alert>
        ) : null}
        {add.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {add.error.message}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextInput label="Code" value={person.code} onChange={(e) => setPerson({ ...person, code: e.target.value })} error={missing} helperText={missing ? 'Enter the code on their badge or card' : undefined} required />
          <TextInput label="Name" value={person.name} onChange={(e) => setPerson({ ...person, name: e.target.value })} />
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ flexShrink: 0, minHeight: 56 }}>
            Add person
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
