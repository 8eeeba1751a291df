import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useAbStats } from '../hooks/useAbStats';

const n = (value: number) => value.toLocaleString('en-US');

/** Matches and mismatches in total and by app user. */
export function AbStatsTable({ id }: { id: number }) {
  const stats = useAbStats(id);
  if (stats.isPending) return <LoadingState label="Loading the counts…" />;
  if (stats.isError) return <ErrorState message={stats.error.message} onRetry={() => void stats.refetch()} />;
  const { matches, mismatches, byUser } = stats.data;
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', maxWidth: 480 }}>
        {[
          { label: 'Matches', value: matches },
          { label: 'Mismatches', value: mismatches },
        ].map((item) => (
          <Paper key={item.label} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 600 }} data-testid={`ab-${item.label.toLowerCase()}`}>
              {n(item.value)}
            </Typography>
          </Paper>
        ))}
      </Box>
      {byUser.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No pairs scanned yet.
        </Typography>
      ) : (
        <TableContainer sx={{ mt: 2, maxWidth: 640 }}>
          <Table size="small" aria-label="Matches and mismatches by app user">
            <TableHead>
              <TableRow>
                <TableCell>App user</TableCell>
                <TableCell align="right">Matches</TableCell>
                <TableCell align="right">Mismatches</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {byUser.map((row) => (
                <TableRow key={String(row.appUserId)}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.user ?? (row.appUserId === null ? 'No app user' : 'Removed app user')}</TableCell>
                  <TableCell align="right">{n(row.matches)}</TableCell>
                  <TableCell align="right">{n(row.mismatches)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
