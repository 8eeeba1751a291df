import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { TestPostbackResult } from '../hooks/useTestPostback';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h3" sx={{ fontSize: 18 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Raw({ text, label }: { text: string; label: string }) {
  return (
    <Box component="pre" tabIndex={0} aria-label={label} sx={{ ...mono, m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320 }}>
      {text === '' ? '(empty)' : text}
    </Box>
  );
}

const kindLabel = { text: 'plain text', html: 'HTML (shown sandboxed in the scanner)', url: 'a web page the scanner opens' } as const;

/** What the tool sent, what came back, how the app read it, and why it would refuse it. */
export function PostbackResult({ result }: { result: TestPostbackResult }) {
  const { request, response, verdict, problem } = result;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Box sx={{ gridColumn: '1 / -1' }} aria-live="polite">
        {problem ? (
          <Alert severity="error">
            <b>The app would refuse this reply.</b> {problem}
          </Alert>
        ) : verdict ? (
          <Alert severity="success">
            Read as <b>{verdict.status === 1 ? 'valid' : 'invalid'}</b>
            {verdict.text ? ` with a response in ${kindLabel[verdict.textKind]}.` : ', without a response text.'}
          </Alert>
        ) : (
          <Alert severity="success">Delivered: forwarding needs only a 2xx answer.</Alert>
        )}
      </Box>
      <Panel title="Request sent">
        <Typography sx={mono}>
          {request.method} {request.url}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Content-Type: {request.contentType}
        </Typography>
        <Table size="small" aria-label="Fields sent">
          <TableBody>
            {request.fields.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell sx={{ ...mono, fontWeight: 600, whiteSpace: 'nowrap' }}>{name}</TableCell>
                <TableCell sx={{ ...mono, wordBreak: 'break-all' }}>{value === '' ? <Typography component="span" variant="body2" color="text.secondary">(empty)</Typography> : value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary">
          Body as sent:
        </Typography>
        <Raw text={request.body} label="Request body" />
      </Panel>
      <Panel title="Reply received">
        {response ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip label={`HTTP ${response.httpStatus}`} color={response.httpStatus >= 200 && response.httpStatus < 300 ? 'success' : 'error'} variant="outlined" />
              <Typography variant="body2" color="text.secondary">
                {response.ms.toLocaleString('en-US')} ms · {response.contentType || 'no Content-Type'}
              </Typography>
            </Box>
            <Raw text={response.body} label="Reply body" />
            {response.truncated && (
              <Typography variant="body2" color="text.secondary">
                Only the first 10 KB are kept, as the app does.
              </Typography>
            )}
            {verdict && (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  How the app read it
                </Typography>
                <Table size="small" aria-label="How the reply was read">
                  <TableBody>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>status</TableCell>
                      <TableCell>{verdict.status === 1 ? '1 (valid: green in the scanner)' : '0 (invalid: red in the scanner)'}</TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>text</TableCell>
                      <TableCell sx={{ ...mono, wordBreak: 'break-all' }}>{verdict.text || '(none)'}</TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>shown as</TableCell>
                      <TableCell>{kindLabel[verdict.textKind]}</TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </>
            )}
          </>
        ) : (
          <Typography color="text.secondary">Nothing came back: the request did not reach a server.</Typography>
        )}
      </Panel>
    </Box>
  );
}
