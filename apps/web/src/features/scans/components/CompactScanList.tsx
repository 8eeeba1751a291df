import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { RouterLink } from '../../../ui/RouterLink';
import { deletedName, formatShortTime } from '../scan-format';
import { editScanHref } from './ScanTable';
import { SortHeader, type Sort } from './SortHeader';
import { StatusChip } from './StatusChip';

type Props = { rows: readonly ScanDetail[]; sort: Sort; onSort: (sort: Sort) => void; timeZone: string; receivedTime: boolean };

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 };

function when(scan: ScanDetail, received: boolean, timeZone: string) {
  const iso = received ? scan.receivedAt : scan.scannedAt;
  return (
    <Box component="time" dateTime={iso} title={new Date(iso).toISOString()}>
      {formatShortTime(iso, timeZone)}
    </Box>
  );
}

/** The list view: one dense line per scan (value, result, service, user, time), denser than the full view. */
export function CompactScanList({ rows, sort, onSort, timeZone, receivedTime }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (phone) {
    return (
      <Paper variant="outlined" component="ul" aria-label="Scans" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((scan, index) => (
          <Box component="li" key={scan.id} data-scan-id={scan.id} sx={{ px: 1.5, py: 0.75, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Link component={RouterLink} href={editScanHref(scan.id)} noWrap sx={{ ...mono, fontSize: 14, flexGrow: 1, minWidth: 0 }}>
                {scan.value}
              </Link>
              <StatusChip status={scan.status} dense />
            </Box>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {when(scan, receivedTime, timeZone)} · {deletedName(scan.service.name, scan.service.deleted)}
              {scan.user ? ` · ${deletedName(scan.user.name, scan.user.deleted)}` : ''}
            </Typography>
          </Box>
        ))}
      </Paper>
    );
  }
  const header = { sort, onSort };
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Scans" sx={{ '& td, & th': { py: 0.5 } }}>
        <TableHead>
          <TableRow>
            <SortHeader label="Value" column="value" {...header} />
            <SortHeader label="Result" column="status" {...header} width={110} />
            <SortHeader label="Service" column="service" {...header} />
            <SortHeader label="User" column="user" {...header} />
            <SortHeader label={receivedTime ? 'Received' : 'Scanned'} column={receivedTime ? 'received_at' : 'scanned_at'} {...header} width={150} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((scan) => (
            <TableRow key={scan.id} hover data-scan-id={scan.id}>
              <TableCell sx={{ maxWidth: 360 }}>
                <Link component={RouterLink} href={editScanHref(scan.id)} noWrap sx={{ ...mono, display: 'block' }} title={scan.response ? `${scan.value} — ${scan.response}` : scan.value}>
                  {scan.value}
                </Link>
              </TableCell>
              <TableCell>
                <StatusChip status={scan.status} dense />
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Typography variant="body2" noWrap>
                  {deletedName(scan.service.name, scan.service.deleted)}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 180 }}>
                <Typography variant="body2" noWrap>
                  {scan.user ? deletedName(scan.user.name, scan.user.deleted) : '—'}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{when(scan, receivedTime, timeZone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
