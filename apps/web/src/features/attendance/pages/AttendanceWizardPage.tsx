import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { V2Error } from '../../../api/v2-client';
import { useSession } from '../../../session/useSession';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { TypePicture } from '../../specialized/components/TypePicture';
import { instanceHref } from '../../specialized/specialized-links';
import { localToday, parseRosterLines } from '../attendance-format';
import { SessionFields } from '../components/SessionFields';
import { UserRolesTable } from '../components/UserRolesTable';
import { useAppUserChoices } from '../hooks/useAppUserChoices';
import { AttendanceSetupError, useCreateAttendance } from '../hooks/useCreateAttendance';
import { useDatabaseChoices } from '../hooks/useDatabaseChoices';
import { emptySessionForm, serverSessionIssues, sessionBody, type SessionForm } from '../session-form';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = `attendance-step-${n}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {n}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /account/specialized-services/create/attendance/: name, roster (existing or pasted), first session, leaders and scanners; lands on the instance. */
export function AttendanceWizardPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const databases = useDatabaseChoices();
  const users = useAppUserChoices();
  const create = useCreateAttendance();
  const [name, setName] = useState('');
  const [rosterKind, setRosterKind] = useState<'new' | 'existing'>('new');
  const [databaseId, setDatabaseId] = useState<number | ''>('');
  const [pasted, setPasted] = useState('');
  const [withSession, setWithSession] = useState(true);
  const [session, setSession] = useState<SessionForm>(() => emptySessionForm(localToday(timeZone)));
  const [leaders, setLeaders] = useState<number[]>([]);
  const [scanners, setScanners] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sessionErrors, setSessionErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [madeId, setMadeId] = useState<number | null>(null);

  const roster = parseRosterLines(pasted);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Enter a name, for example the class or team';
    if (rosterKind === 'existing' && databaseId === '') found.databaseId = 'Choose the database of people';
    if (rosterKind === 'new' && roster.errors.length > 0) found.pasted = roster.errors.slice(0, 3).join('; ');
    const checked = withSession ? sessionBody({ ...session, name: session.name || name }) : { body: null, fields: {}, general: [] };
    setErrors(found);
    setSessionErrors(checked.fields);
    setGeneral(null);
    if (Object.keys(found).length > 0 || (withSession && !checked.body)) return;
    create.mutate(
      { name: name.trim(), databaseId: rosterKind === 'existing' && databaseId !== '' ? databaseId : null, people: rosterKind === 'new' ? roster.people : [], session: withSession ? checked.body : null, leaderUserIds: leaders, userIds: scanners },
      {
        onSuccess: (instance) => void navigate({ href: instanceHref({ id: instance.id, type: 'attendance' }) }),
        onError: (error) => {
          if (error instanceof AttendanceSetupError) {
            setMadeId(error.instanceId);
            setGeneral(error.message);
          } else if (error instanceof V2Error && error.fieldIssues.length > 0) {
            const placed = serverSessionIssues(error.fieldIssues, 'session.');
            setErrors(Object.fromEntries(error.fieldIssues.filter((i) => ['name', 'databaseId'].includes(i.path)).map((i) => [i.path, i.message])));
            setGeneral(placed.general.join(' ') || error.message);
          } else setGeneral(error.message);
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 860 }}>
      <Button component={RouterLink} href="/account/specialized-services/create/" sx={{ ml: -1, mb: 1 }}>
        ← All types
      </Button>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <TypePicture type="attendance" size={40} />
        <Typography variant="h1">New attendance service</Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        People scan their badge or card during a session and are marked present or late; leaders keep the register and close it. You can change everything later.
      </Typography>
      <Stack spacing={2.5}>
        {general ? (
          <Alert severity="error" action={madeId !== null ? <Button color="inherit" component={RouterLink} href={instanceHref({ id: madeId, type: 'attendance' })}>Open it</Button> : undefined}>
            {general}
          </Alert>
        ) : null}
        <Step n={1} title="Name">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? 'For example “Year 9 Maths” or “Night shift”'} required autoFocus />
        </Step>
        <Step n={2} title="Roster">
          <FormControl>
            <FormLabel id="roster-kind">Who attends</FormLabel>
            <RadioGroup aria-labelledby="roster-kind" value={rosterKind} onChange={(e) => setRosterKind(e.target.value === 'existing' ? 'existing' : 'new')}>
              <FormControlLabel value="new" control={<Radio />} label="A new roster: paste codes and names" />
              <FormControlLabel value="existing" control={<Radio />} label="A database I already have" />
            </RadioGroup>
          </FormControl>
          {rosterKind === 'new' ? (
            <Box sx={{ mt: 1.5 }}>
              <TextInput
                label="People (one per line: code, name)"
                multiline
                minRows={4}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
                error={Boolean(errors.pasted)}
                helperText={errors.pasted ?? `${roster.people.length} ${roster.people.length === 1 ? 'person' : 'people'}. The code is what the scanner reads; separate it from the name with a comma, semicolon or tab. You can also add people later.`}
                placeholder={'S1001, Ada Lovelace\nS1002, Alan Turing'}
              />
            </Box>
          ) : databases.isPending ? (
            <LoadingState label="Loading databases…" />
          ) : databases.isError ? (
            <ErrorState message={databases.error.message} onRetry={() => void databases.refetch()} />
          ) : (
            <FormControl fullWidth error={Boolean(errors.databaseId)} sx={{ mt: 1.5 }}>
              <InputLabel id="roster-db-label">Database</InputLabel>
              <Select labelId="roster-db-label" label="Database" value={databaseId === '' ? '' : String(databaseId)} onChange={(e) => setDatabaseId(e.target.value === '' ? '' : Number(e.target.value))}>
                {databases.data.items.map((db) => (
                  <MenuItem key={db.id} value={String(db.id)}>
                    {db.name} ({db.valueCount.toLocaleString()} values)
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{errors.databaseId ?? (databases.data.items.length === 0 ? 'You have no databases yet: paste a new roster instead.' : 'Each value is a person’s code; its response is the name.')}</FormHelperText>
            </FormControl>
          )}
        </Step>
        <Step n={3} title="First session">
          <FormControlLabel control={<Checkbox checked={withSession} onChange={(e) => setWithSession(e.target.checked)} />} label="Add the first session now" />
          {withSession ? (
            <Box sx={{ mt: 1.5 }}>
              <SessionFields form={{ ...session, name: session.name || name }} errors={sessionErrors} onChange={setSession} timeZone={timeZone} />
            </Box>
          ) : null}
        </Step>
        <Step n={4} title="Leaders and scanners">
          {users.isPending ? <LoadingState label="Loading app users…" /> : null}
          {users.isError ? <ErrorState message={users.error.message} onRetry={() => void users.refetch()} /> : null}
          {users.data && users.data.items.length === 0 ? (
            <Typography color="text.secondary">
              No app users yet. <RouterLink href="/account/users/new/">Make one</RouterLink>, then choose them on the service&apos;s Leaders section.
            </Typography>
          ) : null}
          {users.data && users.data.items.length > 0 ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                Leaders keep the register at /attendance/; scanners take attendance with the scanner app.
              </Typography>
              <UserRolesTable users={users.data.items} leaders={leaders} scanners={scanners} onLeaders={setLeaders} onScanners={setScanners} />
            </>
          ) : null}
        </Step>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create attendance service'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
