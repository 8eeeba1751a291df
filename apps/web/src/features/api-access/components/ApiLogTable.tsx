import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ApiLogEntry } from '@scanbase/contracts/api-access';
import { legacyErrors } from '@scanbase/contracts/errors';
import { formatScanTime } from '../../dashboard/scan-time';

type Props = { entries: readonly ApiLogEntry[]; keyNames: ReadonlyMap<number, string>; timeZone: string | undefined };

function keyName(entry: ApiLogEntry, names: ReadonlyMap<number, string>): string {
  if (entry.apiKeyId === null) return '—';
  return names.get(entry.apiKeyId) ?? `Revoked key #${entry.apiKeyId}`;
}

function errorText(code: number | null): string | undefined {
  return code === null ? undefined : (legacyErrors as Record<number, string>)[code];
}

function Result({ entry }: { entry: ApiLogEntry }) {
  if (entry.status === 1) return <Chip size="small" label="OK" sx={{ bgcolor: '#e8f5e9', color: '#1b5e20', justifySelf: 'start' }} />;
  const text = errorText(entry.errorCode);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip size="small" label={entry.errorCode === null ? 'Error' : `Error ${entry.errorCode}`} sx={{ bgcolor: '#fdecea', color: '#8a1c1c' }} />
      {text ? (
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      ) : null}
    </Box>
  );
}

const call = (entry: ApiLogEntry) => `${entry.section} / ${entry.action}`;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;

/** API calls as a table on wide screens and as cards on phones: time, key, section/action, address, result, duration. */
export function ApiLogTable({ entries, keyNames, timeZone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="API calls" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 1.5, display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{call(entry)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatScanTime(entry.createdAt, timeZone)}
              </Typography>
            </Box>
            <Result entry={entry} />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {keyName(entry, keyNames)} · {entry.ip} · {ms(entry.durationMs)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="API calls">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Call</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Result</TableCell>
            <TableCell align="right">Duration</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatScanTime(entry.createdAt, timeZone)}</TableCell>
              <TableCell>{keyName(entry, keyNames)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{call(entry)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{entry.ip}</TableCell>
              <TableCell>
                <Result entry={entry} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {ms(entry.durationMs)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
