import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { V2Error } from '../../../api/v2-client';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAutofill } from '../../databases/hooks/useAutofill';
import { DatabasePicker } from '../../services/components/DatabasePicker';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { TypePicture } from '../../specialized/components/TypePicture';
import { useCreateSpecialized } from '../../specialized/hooks/useCreateSpecialized';
import { instanceHref } from '../../specialized/specialized-links';
import { RuleFields } from '../components/RuleFields';
import { autofillBody, ruleFormOf, settingsOfForm, type AutofillForm, type RuleForm } from '../ticket-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2, fontSize: '1.05rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function UsersSection({ selected, onChange }: { selected: Set<number>; onChange: (s: Set<number>) => void }) {
  const users = useAppUserOptions();
  if (users.isPending) return <Typography color="text.secondary">Loading app users…</Typography>;
  if (users.isError) return <Typography color="error">Could not load the app users: {users.error.message}</Typography>;
  if (users.data.items.length === 0) {
    return (
      <Typography color="text.secondary">
        No app users yet. You can add the gate staff later on the Users tab, or <RouterLink href="/account/users/new/">add a user</RouterLink> now.
      </Typography>
    );
  }
  return <UserChecklist users={users.data.items} selected={selected} onChange={onChange} />;
}

/** /account/specialized-services/create/scan-tickets/: name, the ticket list (new, optionally auto-filled, or an existing database), the entry rule and gate staff. */
export function ScanTicketsWizardPage() {
  const navigate = useNavigate();
  const create = useCreateSpecialized();
  const autofill = useAutofill();
  const sourceLabel = useId();
  const [name, setName] = useState('');
  const [source, setSource] = useState<'new' | 'existing'>('new');
  const [databaseId, setDatabaseId] = useState('');
  const [fill, setFill] = useState(true);
  const [fillForm, setFillForm] = useState<AutofillForm>({ count: '100', length: '12', prefix: '' });
  const [rule, setRule] = useState<RuleForm>(() => ruleFormOf({}));
  const [users, setUsers] = useState<Set<number>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const busy = create.isPending || autofill.isPending;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Enter a name';
    if (source === 'existing' && databaseId === '') found.databaseId = 'Choose the database of ticket codes';
    const settings = settingsOfForm(rule);
    for (const issue of settings.issues) found[issue.path] = issue.message;
    const fillCheck = source === 'new' && fill ? autofillBody(0, fillForm) : null;
    for (const [key, text] of Object.entries(fillCheck?.issues ?? {})) found[`fill.${key}`] = text;
    setErrors(found);
    if (Object.keys(found).length > 0 || !settings.settings) {
      setMessage('Check the highlighted fields.');
      return;
    }
    setMessage(null);
    let created;
    try {
      created = await create.mutateAsync({ type: 'scan-tickets', name: name.trim(), databaseId: source === 'existing' ? Number(databaseId) : null, settings: settings.settings, userIds: [...users] });
    } catch (error) {
      if (error instanceof V2Error && error.fieldIssues.length > 0) setErrors(Object.fromEntries(error.fieldIssues.map((i) => [i.path, i.message])));
      setMessage(error instanceof Error ? error.message : 'Not created. Try again.');
      return;
    }
    if (fillCheck?.body && created.databaseId !== null) {
      try {
        await autofill.mutateAsync({ ...fillCheck.body, id: created.databaseId, response: '', start: 1, validity: 1 });
      } catch {
        // The instance exists: its database tab offers auto-fill again.
        await navigate({ href: instanceHref(created, 'database') });
        return;
      }
    }
    await navigate({ href: instanceHref(created, 'details') });
  };

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Button component={RouterLink} href="/account/specialized-services/create/" sx={{ ml: -1, mb: 1 }}>
        ← All types
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <TypePicture type="scan-tickets" size={40} />
        <Typography variant="h1">New ticket gate</Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Scan tickets at the gate: a valid code shows green, a code already used shows red with when and where it was first scanned, and a code not in your
        ticket list is refused.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="New ticket gate"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <FormAlert message={message} />
        <Section title="Name">
          <TextInput label="Name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? 'For example "Summer festival gate"; gate staff see it in the scanner'} inputProps={{ maxLength: 100 }} />
        </Section>
        <Section title="Tickets">
          <FormControl>
            <FormLabel id={sourceLabel} sx={{ color: 'text.primary' }}>
              Where are the ticket codes?
            </FormLabel>
            <RadioGroup aria-labelledby={sourceLabel} value={source} onChange={(event) => setSource(event.target.value as 'new' | 'existing')}>
              <FormControlLabel value="new" control={<Radio />} label="A new ticket list" />
              <FormControlLabel value="existing" control={<Radio />} label="A database I already have" />
            </RadioGroup>
          </FormControl>
          {source === 'existing' ? (
            <Box sx={{ mt: 2 }}>
              <DatabasePicker value={databaseId} onChange={setDatabaseId} {...(errors.databaseId ? { error: errors.databaseId } : {})} />
            </Box>
          ) : (
            <Box sx={{ mt: 1.5 }}>
              <FormControlLabel control={<Checkbox checked={fill} onChange={(event) => setFill(event.target.checked)} />} label="Fill it with random, unguessable codes" />
              {fill ? (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, mt: 1.5 }}>
                  <TextInput label="How many codes" inputMode="numeric" value={fillForm.count} onChange={(event) => setFillForm({ ...fillForm, count: event.target.value })} error={Boolean(errors['fill.count'])} helperText={errors['fill.count'] ?? 'Up to 100,000'} />
                  <TextInput label="Characters per code" inputMode="numeric" value={fillForm.length} onChange={(event) => setFillForm({ ...fillForm, length: event.target.value })} error={Boolean(errors['fill.length'])} helperText={errors['fill.length'] ?? '12 letters and digits: about 60 bits'} />
                  <TextInput label="Prefix (optional)" value={fillForm.prefix} onChange={(event) => setFillForm({ ...fillForm, prefix: event.target.value })} error={Boolean(errors['fill.prefix'])} helperText={errors['fill.prefix'] ?? 'For example FEST-'} />
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  The list starts empty: import a CSV file or add codes on the Database tab.
                </Typography>
              )}
            </Box>
          )}
        </Section>
        <Section title="Entry rule">
          <RuleFields form={rule} onChange={setRule} errors={errors} />
        </Section>
        <Section title="Gate staff">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The app users who may scan tickets with this service.
          </Typography>
          <UsersSection selected={users} onChange={setUsers} />
        </Section>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
            {autofill.isPending ? 'Filling in codes…' : 'Create ticket gate'}
          </Button>
          <Button component={RouterLink} href="/account/specialized-services/">
            Cancel
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
