import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { placeIssues, type Issue } from '../../../ui/form-issues';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { autofillBody, autofillExamples, defaultAutofillForm, type AutofillForm } from '../autofill-form';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { ResponseVariablesHint } from '../components/ResponseVariablesHint';
import { useAutofill } from '../hooks/useAutofill';
import { plural } from '../value-count';

const fieldKeys = ['count', 'length', 'start', 'prefix', 'response'] as const;

function AutofillFormCard({ database }: { database: DatabaseInfo }) {
  const autofill = useAutofill();
  const [form, setForm] = useState<AutofillForm>(defaultAutofillForm);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const placed = placeIssues(issues, fieldKeys);
  const examples = autofillExamples(form);
  const sequential = form.mode === 'sequential';

  const change = (patch: Partial<AutofillForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setIssues((current) => current.filter((issue) => !Object.keys(patch).includes(issue.path)));
    setDone(null);
  };
  const submit = () => {
    const checked = autofillBody(database.id, form);
    setIssues(checked.issues);
    setDone(null);
    if (!checked.body) return;
    autofill.mutate(checked.body, {
      onSuccess: (reply) => setDone(reply.added === checked.body?.count ? `${plural(reply.added, 'value')} added.` : `${plural(reply.added, 'value')} added; the others already existed.`),
      onError: (error) => setIssues(error instanceof V2Error && error.fieldIssues.length > 0 ? error.fieldIssues : [{ path: '', message: error.message }]),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h3">Generate values</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        For tickets, badges or asset tags you print yourself: Scanbase makes the values, then you print them as labels. Values that already exist are skipped and
        replaced by new ones.
      </Typography>
      <FormAlert message={placed.general[0] ?? null} />
      <FormAlert message={done} severity="success" />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <RadioGroup row value={form.mode} onChange={(event) => change({ mode: event.target.value === 'random' ? 'random' : 'sequential' })} aria-label="Kind of values">
          <FormControlLabel value="sequential" control={<Radio />} label="Numbered (0001, 0002, …)" />
          <FormControlLabel value="random" control={<Radio />} label="Random letters and digits (hard to guess)" />
        </RadioGroup>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput label="How many" inputMode="numeric" value={form.count} onChange={(event) => change({ count: event.target.value })} error={Boolean(placed.fields.count)} helperText={placed.fields.count ?? 'Up to 100,000 at a time'} />
          <TextInput label="Prefix (optional)" value={form.prefix} onChange={(event) => change({ prefix: event.target.value })} error={Boolean(placed.fields.prefix)} helperText={placed.fields.prefix ?? 'Put before every value, e.g. TICKET-'} />
          <TextInput
            label={sequential ? 'Digits' : 'Characters'}
            inputMode="numeric"
            value={form.length}
            onChange={(event) => change({ length: event.target.value })}
            error={Boolean(placed.fields.length)}
            helperText={placed.fields.length ?? (sequential ? 'Numbers are padded with zeros to this length' : 'Letters and digits after the prefix')}
          />
          {sequential ? (
            <TextInput label="First number" inputMode="numeric" value={form.start} onChange={(event) => change({ start: event.target.value })} error={Boolean(placed.fields.start)} helperText={placed.fields.start ?? 'Counting goes up by one from here'} />
          ) : null}
        </Box>
        <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            {sequential ? 'The values will be' : 'Each value looks like'}
          </Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, Menlo, monospace', overflowWrap: 'anywhere' }}>{examples.length > 0 ? examples.join('  ') : '—'}</Typography>
        </Box>
        <TextInput label="Response (optional)" multiline minRows={2} value={form.response} onChange={(event) => change({ response: event.target.value })} error={Boolean(placed.fields.response)} helperText={placed.fields.response ?? <ResponseVariablesHint />} />
        <FormControlLabel control={<Switch checked={form.valid} onChange={(event) => change({ valid: event.target.checked })} />} label={form.valid ? 'The new values are valid' : 'The new values are invalid'} />
        <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', alignItems: { sm: 'center' } }}>
          <Link component={RouterLink} href={`/account/databases/${database.id}/search/`} sx={{ mr: { sm: 'auto' }, textAlign: 'center' }}>
            Back to the values
          </Link>
          <Button type="submit" variant="contained" size="large" disabled={autofill.isPending} startIcon={autofill.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
            {autofill.isPending ? 'Generating…' : 'Generate values'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** /account/databases/{id}/autofill/: generate N numbered or random values with a prefix. */
export function AutofillPage() {
  return <DatabaseFrame current="autofill">{(database) => <AutofillFormCard database={database} />}</DatabaseFrame>;
}
