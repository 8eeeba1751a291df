import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScanRow } from '@scanbase/contracts/scanner';
import { formatScanTime } from '../scan-time';
import { ScanStatusChip } from './ScanStatusChip';

type Props = { rows: readonly ScanRow[]; fresh: ReadonlySet<number>; timezone: string | undefined };

const arrived = { '@keyframes arrived': { from: { backgroundColor: '#fff7cc' }, to: { backgroundColor: 'transparent' } }, animation: 'arrived 4s ease-out' };
const deleted = (name: string, isDeleted: boolean) => (isDeleted ? `${name} (deleted)` : name);

/** The newest scans: a table on wide screens, cards on phones; rows that just arrived glow for a moment. */
export function RecentScansTable({ rows, fresh, timezone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (phone) {
    return (
      <Stack spacing={1.25} component="ul" aria-label="Newest scans" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <Paper key={row.id} component="li" variant="outlined" data-scan-id={row.id} sx={{ p: 1.75, ...(fresh.has(row.id) ? arrived : {}) }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Typography sx={{ fontWeight: 600, fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere', minWidth: 0 }}>{row.value}</Typography>
              <ScanStatusChip status={row.status} />
            </Box>
            {row.response ? (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {row.response}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {deleted(row.service.name, row.service.deleted)} · {row.user ? deleted(row.user.name, row.user.deleted) : 'no user'} · {row.device?.name ?? 'no device'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatScanTime(row.scannedAt, timezone)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Newest scans">
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Response</TableCell>
            <TableCell>Service</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Device</TableCell>
            <TableCell>Scanned</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-scan-id={row.id} sx={fresh.has(row.id) ? arrived : undefined}>
              <TableCell>
                <ScanStatusChip status={row.status} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600, maxWidth: 220, overflowWrap: 'anywhere' }}>{row.value}</TableCell>
              <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{row.response || '—'}</TableCell>
              <TableCell>{deleted(row.service.name, row.service.deleted)}</TableCell>
              <TableCell>{row.user ? deleted(row.user.name, row.user.deleted) : '—'}</TableCell>
              <TableCell>{row.device?.name ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatScanTime(row.scannedAt, timezone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
