import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Scans per month over the last 12 months, newest first, against the plan's monthly scans (-1: unlimited). */
export function ScanHistory({ history, limit }: { history: { month: string; scans: number }[]; limit: number }) {
  return (
    <Table size="small" aria-label="Scans per month">
      <TableHead>
        <TableRow>
          <TableCell>Month</TableCell>
          <TableCell align="right">Scans</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...history].reverse().map((h) => (
          <TableRow key={h.month}>
            <TableCell>{monthName(h.month)}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: limit >= 0 && h.scans > limit ? 'error.main' : undefined }}>
              {h.scans.toLocaleString('en-US')}
              {limit >= 0 && h.scans > limit ? ' (over the plan)' : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
