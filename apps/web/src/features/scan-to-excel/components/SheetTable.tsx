import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useLiveInstanceCounts } from '../hooks/useLiveInstanceCounts';
import { useSheetRows } from '../hooks/useSheetRows';

const LIMIT = 25;

/** The sheet as a table: the newest scans first, in the chosen columns, 25 a page, updating live. */
export function SheetTable({ instanceId }: { instanceId: number }) {
  const [page, setPage] = useState(1);
  const rows = useSheetRows(instanceId, page, LIMIT);
  // The frame's "scans today" and status follow too (the Details and Scans tabs read them).
  useLiveInstanceCounts(instanceId);
  if (rows.isPending) return <LoadingState label="Loading the sheet…" />;
  if (rows.isError) return <ErrorState message={rows.error.message} onRetry={() => void rows.refetch()} />;
  const { header, total } = rows.data;
  const last = Math.max(1, Math.ceil(total / LIMIT));
  if (total === 0) {
    return (
      <EmptyState
        title="No scans yet"
        action={
          <Button variant="outlined" component={RouterLink} href={`/account/specialized-services/${instanceId}/scan-to-excel/users/`}>
            Choose who scans
          </Button>
        }
      >
        Tick the people who scan on the Users tab. They sign in to the Scanbase scanner app, pick this service and scan: every scan appears here as a row, without
        reloading.
      </EmptyState>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {total.toLocaleString('en-US')} {total === 1 ? 'row' : 'rows'}, newest first · updates live
      </Typography>
      <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label="Sheet rows (scroll sideways for more columns)">
        <Table size="small" aria-label="Sheet">
          <TableHead>
            <TableRow>
              {header.map((h, i) => (
                <TableCell key={i} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.rows.map((row) => (
              <TableRow key={row.scanId}>
                {row.cells.map((cell, i) => (
                  <TableCell key={i} title={String(cell)} sx={{ maxWidth: 320, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {typeof cell === 'number' ? cell.toLocaleString('en-US', { maximumFractionDigits: 7 }) : cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {last > 1 ? (
        <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {last.toLocaleString('en-US')}
          </Typography>
          <Button disabled={page >= last} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
