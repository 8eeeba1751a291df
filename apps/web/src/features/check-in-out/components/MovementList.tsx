import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckMovement } from '@scanbase/contracts/check-in-out';
import { sinceText } from '../check-in-out-settings';

/** One scan of a value: its movement or refusal, when, by whom, the response, reason and checklist. */
function Movement({ m }: { m: CheckMovement }) {
  const label = m.status === 1 ? (m.direction === 'in' ? 'Checked in' : m.direction === 'out' ? 'Checked out' : 'Scanned') : 'Refused';
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={label} sx={{ fontWeight: 700, bgcolor: m.status !== 1 ? '#fdecea' : m.direction === 'out' ? '#e3e9f4' : '#d9f2df', color: m.status !== 1 ? '#8a1c1c' : m.direction === 'out' ? '#1c3f75' : '#145c27' }} />
        <time dateTime={m.scannedAt}>{sinceText(m.scannedAt)}</time>
        <Typography variant="body2" color="text.secondary">
          {m.by ? `by ${m.by}` : ''}
        </Typography>
      </Box>
      {m.response ? <Typography variant="body2">{m.response}</Typography> : null}
      {m.reason ? <Typography variant="body2">Reason: {m.reason}</Typography> : null}
      {m.checklist.length > 0 ? <Typography variant="body2">Checklist: {m.checklist.join(', ')}</Typography> : null}
    </Paper>
  );
}

/** A value's scans, newest first. */
export function MovementList({ movements }: { movements: CheckMovement[] }) {
  return (
    <Stack component="ol" spacing={1} aria-label="Scans of this value, newest first" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {movements.map((m) => (
        <Movement key={m.scanId} m={m} />
      ))}
    </Stack>
  );
}
