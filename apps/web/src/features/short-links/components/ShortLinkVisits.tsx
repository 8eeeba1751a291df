import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ShortLinkVisit } from '@scanbase/contracts/short-links';
import { formatWhen } from '../../api-access/api-format';

/** The newest visits of a link: when, from which site, with which browser. */
export function ShortLinkVisits({ visits, total, timeZone }: { visits: ShortLinkVisit[]; total: number; timeZone: string | undefined }) {
  if (visits.length === 0) return <Typography color="text.secondary">Nobody has opened this link yet.</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {total > visits.length ? `The newest ${visits.length} of ${total.toLocaleString('en-US')} visits.` : `${total} ${total === 1 ? 'visit' : 'visits'}.`}
      </Typography>
      {/* Focusable, so the table can be scrolled sideways with the keyboard on a phone. */}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Visits, scrollable">
        <Table size="small" aria-label="Visits">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Came from</TableCell>
              <TableCell>Browser</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visits.map((visit, index) => (
              <TableRow key={`${visit.visitedAt}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(visit.visitedAt, timeZone)}</TableCell>
                <TableCell>{visit.referrerHost || 'Typed, scanned or no referrer'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>{visit.userAgent || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
