import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { defaultScanToExcelColumns, type ScanToExcelColumn } from '@scanbase/contracts/scan-to-excel';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { V2Error } from '../../../api/v2-client';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { DatabasePicker } from '../../services/components/DatabasePicker';
import { UserChecklist } from '../../services/components/UserChecklist';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { TypePicture } from '../../specialized/components/TypePicture';
import { useCreateSpecialized } from '../../specialized/hooks/useCreateSpecialized';
import { instanceHref } from '../../specialized/specialized-links';
import { columnChoices, columnKey } from '../sheet-columns';

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
        No app users yet. You can choose who scans later on the Users tab, or <RouterLink href="/account/users/new/">add a user</RouterLink> now.
      </Typography>
    );
  }
  return <UserChecklist users={users.data.items} selected={selected} onChange={onChange} />;
}

/** The scan fields and GPS columns the wizard offers (answers and properties are added on the Export fields tab). */
const starters = columnChoices([], []);
const defaultKeys = new Set(defaultScanToExcelColumns.map(columnKey));

/** /account/specialized-services/create/scan-to-excel/: name, record every scan or check a database, the first columns, who scans. */
export function ScanToExcelWizardPage() {
  const navigate = useNavigate();
  const create = useCreateSpecialized();
  const sourceLabel = useId();
  const columnsLabel = useId();
  const [name, setName] = useState('');
  const [source, setSource] = useState<'record' | 'database'>('record');
  const [databaseId, setDatabaseId] = useState('');
  const [keys, setKeys] = useState<Set<string>>(() => new Set(defaultKeys));
  const [users, setUsers] = useState<Set<number>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Enter a name';
    if (source === 'database' && databaseId === '') found.databaseId = 'Choose the database to check scans against';
    if (keys.size === 0) found.columns = 'Choose at least one column';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setMessage('Check the highlighted fields.');
      return;
    }
    setMessage(null);
    const columns: ScanToExcelColumn[] = starters.filter((c) => keys.has(c.key)).map((c) => c.column);
    try {
      const created = await create.mutateAsync({ type: 'scan-to-excel', name: name.trim(), databaseId: source === 'database' ? Number(databaseId) : null, settings: { columns }, userIds: [...users] });
      await navigate({ href: instanceHref(created, 'table-view') });
    } catch (error) {
      if (error instanceof V2Error && error.fieldIssues.length > 0) setErrors(Object.fromEntries(error.fieldIssues.map((i) => [i.path, i.message])));
      setMessage(error instanceof Error ? error.message : 'Not created. Try again.');
    }
  };

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Button component={RouterLink} href="/account/specialized-services/create/" sx={{ ml: -1, mb: 1 }}>
        ← All types
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <TypePicture type="scan-to-excel" size={40} />
        <Typography variant="h1">New scan to Excel</Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Every scan becomes a row of a spreadsheet: watch it fill up here, download it as an Excel file at any time, or open it from a secret link.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="New scan to Excel"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <FormAlert message={message} />
        <Section title="Name">
          <TextInput label="Name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? 'For example "Stock count, warehouse 2"; people who scan see it in the scanner'} inputProps={{ maxLength: 100 }} />
        </Section>
        <Section title="Which scans">
          <FormControl>
            <FormLabel id={sourceLabel} sx={{ color: 'text.primary' }}>
              What happens to a scan?
            </FormLabel>
            <RadioGroup aria-labelledby={sourceLabel} value={source} onChange={(event) => setSource(event.target.value as 'record' | 'database')}>
              <FormControlLabel value="record" control={<Radio />} label="Record every scan (recommended)" />
              <FormControlLabel value="database" control={<Radio />} label="Check each scan against a database I have (unknown codes are marked invalid)" />
            </RadioGroup>
          </FormControl>
          {source === 'database' ? (
            <Box sx={{ mt: 2 }}>
              <DatabasePicker value={databaseId} onChange={setDatabaseId} {...(errors.databaseId ? { error: errors.databaseId } : {})} />
            </Box>
          ) : null}
        </Section>
        <Section title="Columns">
          <FormControl error={Boolean(errors.columns)} component="fieldset">
            <FormLabel id={columnsLabel} component="legend" sx={{ color: 'text.primary', mb: 1 }}>
              Start the sheet with these columns (add answers, properties and change the order later on the Export fields tab)
            </FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {starters.map((choice) => (
                <FormControlLabel
                  key={choice.key}
                  control={
                    <Checkbox
                      checked={keys.has(choice.key)}
                      onChange={(event) => {
                        const next = new Set(keys);
                        if (event.target.checked) next.add(choice.key);
                        else next.delete(choice.key);
                        setKeys(next);
                      }}
                    />
                  }
                  label={choice.label}
                />
              ))}
            </FormGroup>
            {errors.columns ? (
              <Typography variant="body2" color="error" role="alert">
                {errors.columns}
              </Typography>
            ) : null}
          </FormControl>
        </Section>
        <Section title="Who scans">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The app users who may scan with this service.
          </Typography>
          <UsersSection selected={users} onChange={setUsers} />
        </Section>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
            Create the sheet
          </Button>
          <Button component={RouterLink} href="/account/specialized-services/">
            Cancel
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
