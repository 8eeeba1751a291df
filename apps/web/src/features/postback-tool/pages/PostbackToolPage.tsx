import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { V2Error } from '../../../api/v2-client';
import { useServiceOptions } from '../../app-users/hooks/useServiceOptions';
import { PostbackResult } from '../components/PostbackResult';
import { useTestPostback } from '../hooks/useTestPostback';

/** /account/postbacktool/: send a test scan to your server as a postback service would, and see exactly what happened. */
export function PostbackToolPage() {
  const [url, setUrl] = useState('');
  const [value, setValue] = useState('TEST-0001');
  const [serviceId, setServiceId] = useState<number | ''>('');
  const [withResult, setWithResult] = useState(false);
  const services = useServiceOptions();
  const send = useTestPostback();
  const issues = send.error instanceof V2Error ? send.error.fieldIssues : [];
  const issueOf = (path: string) => issues.find((i) => i.path === path)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ url, value, withResult, ...(serviceId === '' ? {} : { serviceId }) });
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h1">Postback tool</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Check your server before a service depends on it. The tool posts a test scan to the URL exactly as a postback service does (a form with{' '}
        <code>tid</code>, <code>sid</code>, <code>udid</code>, <code>scanid</code>, times, questions and answers), waits up to 15 seconds, and shows the request, the raw
        reply and how the app reads it. Nothing is stored.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, alignItems: 'start', mb: 3 }}>
        <TextField
          label="URL of your server"
          placeholder="https://example.com/scanbase/postback"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          error={Boolean(issueOf('url'))}
          helperText={issueOf('url') ?? 'http:// or https://; internal addresses are refused unless the install allows them'}
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
        <TextField label="Barcode value (tid)" value={value} onChange={(e) => setValue(e.target.value)} error={Boolean(issueOf('value'))} helperText={issueOf('value') ?? 'The scanned value to send'} />
        <TextField
          select
          label="As the service"
          value={serviceId === '' ? '' : String(serviceId)}
          onChange={(e) => setServiceId(e.target.value === '' ? '' : Number(e.target.value))}
          helperText={services.isError ? 'Services could not be loaded' : 'Its id and questions are sent'}
        >
          <MenuItem value="">No service (sid 0)</MenuItem>
          {(services.data?.items ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          sx={{ gridColumn: { md: '1 / 3' } }}
          control={<Checkbox checked={withResult} onChange={(e) => setWithResult(e.target.checked)} />}
          label="Send it as forwarding does (with status and text; any 2xx answer is enough)"
        />
        <Box sx={{ justifySelf: { md: 'end' } }}>
          <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send test scan'}
          </Button>
        </Box>
      </Box>
      {send.isPending && <LinearProgress aria-label="Waiting for your server" sx={{ mb: 2 }} />}
      {send.isError && issues.length === 0 && <Alert severity="error">{send.error.message}</Alert>}
      {send.data && !send.isPending && <PostbackResult result={send.data} />}
    </Box>
  );
}
