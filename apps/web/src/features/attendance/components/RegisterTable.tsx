import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AttendanceRegister, RegisterRow } from '@scanbase/contracts/attendance';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { formatAt } from '../attendance-format';
import { StatusChip } from './StatusChip';

type Props = { register: AttendanceRegister; timeZone: string | undefined; onMark?: (row: RegisterRow) => void };

/** The counts of a register in one line. */
export function RegisterCounts({ register }: { register: AttendanceRegister }) {
  const c = register.counts;
  return (
    <Typography role="status" aria-live="polite">
      {c.present} present · {c.late} late · {c.excused} excused · {c.absent} absent · {c.unmarked} not marked (of {c.total})
    </Typography>
  );
}

/** Everyone on the register with their mark; a Mark button per person when `onMark` is given (a table on wide screens, cards on phones). */
export function RegisterTable({ register, timeZone, onMark }: Props) {
  const narrow = useMediaQuery('(max-width:599.95px)');
  const when = (row: RegisterRow) => (row.at ? formatAt(row.at, timeZone).slice(11) : '');
  const by = (row: RegisterRow) => (row.markedBy ? `${row.scanId !== null ? 'scanned' : 'by'} ${row.markedBy}` : '');
  if (register.rows.length === 0) return <Typography color="text.secondary">Nobody is on the roster yet.</Typography>;
  if (narrow)
    return (
      <Box component="ul" aria-label="Register" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {register.rows.map((row) => (
          <Paper component="li" key={row.personId} variant="outlined" sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name || row.code}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.code} {when(row) ? `· ${when(row)} ${by(row)}` : ''}
                </Typography>
              </Box>
              <StatusChip status={row.status} />
            </Box>
            {row.note ? <Typography variant="body2">Note: {row.note}</Typography> : null}
            {onMark ? (
              <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => onMark(row)} aria-label={`Mark ${row.name || row.code}`}>
                Mark
              </Button>
            ) : null}
          </Paper>
        ))}
      </Box>
    );
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Register">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Code</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>At</TableCell>
            <TableCell>Marked</TableCell>
            <TableCell>Note</TableCell>
            {onMark ? (
              <TableCell>
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {register.rows.map((row) => (
            <TableRow key={row.personId}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
              <TableCell>{row.code}</TableCell>
              <TableCell>
                <StatusChip status={row.status} />
              </TableCell>
              <TableCell>{when(row)}</TableCell>
              <TableCell>{by(row)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.note}</TableCell>
              {onMark ? (
                <TableCell align="right">
                  <Button size="small" variant="outlined" onClick={() => onMark(row)} aria-label={`Mark ${row.name || row.code}`}>
                    Mark
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
