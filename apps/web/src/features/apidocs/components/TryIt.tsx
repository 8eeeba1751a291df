import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { LegacyActionDoc } from '@scanbase/contracts/legacy-docs/types';
import { useEffect, useState, type FormEvent } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { CodeBlock } from './CodeBlock';

type Outcome =
  | { kind: 'text'; status: number; ms: number; body: string }
  | { kind: 'image'; status: number; ms: number; url: string; type: string; bytes: number }
  | { kind: 'failed'; message: string };

type Props = { section: string; action: LegacyActionDoc; initial: Readonly<Record<string, string>>; sessionToken: string };

/** Runs a read-only action against this server with the administrator's session or a pasted API key, and shows the raw reply. */
export function TryIt({ section, action, initial, sessionToken }: Props) {
  const [credential, setCredential] = useState<'session' | 'key'>('session');
  const [apiKey, setApiKey] = useState('');
  const [values, setValues] = useState<Record<string, string>>(() => {
    const start: Record<string, string> = {};
    // Ids of the sample would name the sample's objects, not yours: those fields start empty, the sample as a hint.
    for (const p of action.params) start[p.name] = p.type === 'id' || p.type === 'id-list' ? '' : (initial[p.name] ?? '');
    return start;
  });
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = `try-${section}-${action.action}`;

  useEffect(() => () => {
    if (outcome?.kind === 'image') URL.revokeObjectURL(outcome.url);
  }, [outcome]);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (credential === 'key' && apiKey.trim() === '') {
      setOutcome({ kind: 'failed', message: 'Paste an API key, or choose your session.' });
      return;
    }
    const body = new URLSearchParams({ section, action: action.action });
    if (credential === 'key') body.set('api_key', apiKey.trim());
    else body.set('website_token', sessionToken);
    for (const [name, value] of Object.entries(values)) if (value !== '') body.set(name, value);
    setRunning(true);
    const started = performance.now();
    try {
      const reply = await fetch('/api/', { method: 'POST', body });
      const ms = Math.round(performance.now() - started);
      const type = reply.headers.get('content-type') ?? '';
      if (type.startsWith('image/')) {
        const blob = await reply.blob();
        setOutcome({ kind: 'image', status: reply.status, ms, url: URL.createObjectURL(blob), type, bytes: blob.size });
      } else {
        setOutcome({ kind: 'text', status: reply.status, ms, body: await reply.text() });
      }
    } catch {
      setOutcome({ kind: 'failed', message: 'The server could not be reached. Check your connection and try again.' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void run(e)} aria-labelledby={`${id}-title`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1.5 }}>
      <Typography id={`${id}-title`} variant="subtitle2" component="h4">
        Try {section}/{action.action} on this server
      </Typography>
      <RadioGroup row value={credential} onChange={(e) => setCredential(e.target.value === 'key' ? 'key' : 'session')} aria-label="Credentials">
        <FormControlLabel value="session" control={<Radio size="small" />} label="My session" />
        <FormControlLabel value="key" control={<Radio size="small" />} label="An API key" />
      </RadioGroup>
      {credential === 'key' && (
        <TextInput label="API key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} helperText="Keys are shown once when created; the API page creates a new one." />
      )}
      {action.params.map((p) => (
        <TextInput
          key={p.name}
          label={p.name}
          value={values[p.name] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
          placeholder={initial[p.name]}
          helperText={p.required === true ? 'Required' : undefined}
          inputProps={{ spellCheck: false }}
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={running}>
          {running ? 'Running…' : 'Run'}
        </Button>
      </Box>
      {running && <LinearProgress aria-label={`Running ${section}/${action.action}`} />}
      <Box aria-live="polite">
        {outcome?.kind === 'failed' && <Alert severity="error">{outcome.message}</Alert>}
        {outcome?.kind === 'text' && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              HTTP {outcome.status} · {outcome.ms} ms
            </Typography>
            <CodeBlock code={outcome.body} label={`Reply of ${section}/${action.action}`} />
          </>
        )}
        {outcome?.kind === 'image' && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              HTTP {outcome.status} · {outcome.ms} ms · {outcome.type}, {outcome.bytes.toLocaleString('en-US')} bytes
            </Typography>
            <Box component="img" src={outcome.url} alt={`Image returned by ${section}/${action.action}`} sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} />
          </>
        )}
      </Box>
    </Box>
  );
}
