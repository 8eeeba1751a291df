import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime } from '../../tasks/schedule-form';
import { useServiceNames } from '../hooks/useServiceNames';
import { formatCount, plural } from '../value-count';

export type Sort = { by: 'name' | 'created' | undefined; direction: 'asc' | 'desc' };
type Props = { databases: readonly DatabaseInfo[]; sort: Sort; onSort: (by: 'name' | 'created') => void; timezone: string | undefined };

const href = (database: DatabaseInfo) => `/account/databases/${database.id}/search/`;

/** The services using a database, by name. */
function Usage({ database }: { database: DatabaseInfo }) {
  const names = useServiceNames(database.serviceIds);
  if (database.serviceIds.length === 0) return <>No service yet</>;
  return <>{names ?? plural(database.serviceIds.length, 'service')}</>;
}

/** Databases as a sortable table (cards on phones): name, values, case sensitivity, services using it, created. */
export function DatabasesTable({ databases, sort, onSort, timezone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const name = (database: DatabaseInfo) => (
    <Link component={RouterLink} href={href(database)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {database.name}
    </Link>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Databases">
        {databases.map((database) => (
          <Paper key={database.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              {name(database)}
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{plural(database.valueCount, 'value')}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {database.caseSensitive ? 'Case-sensitive' : 'Not case-sensitive'} · {database.serviceIds.length === 0 ? 'No service yet' : <>Used by <Usage database={database} /></>}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  const sortable = (by: 'name' | 'created', label: string) => (
    <TableSortLabel active={sort.by === by} direction={sort.by === by ? sort.direction : 'asc'} onClick={() => onSort(by)}>
      {label}
    </TableSortLabel>
  );
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Databases">
        <TableHead>
          <TableRow>
            <TableCell sortDirection={sort.by === 'name' ? sort.direction : false}>{sortable('name', 'Name')}</TableCell>
            <TableCell align="right">Values</TableCell>
            <TableCell>Matching</TableCell>
            <TableCell>Used by</TableCell>
            <TableCell sortDirection={sort.by === 'created' ? sort.direction : false}>{sortable('created', 'Created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {databases.map((database) => (
            <TableRow key={database.id} hover>
              <TableCell>{name(database)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(database.valueCount)}
              </TableCell>
              <TableCell>{database.caseSensitive ? 'Case-sensitive' : 'Not case-sensitive'}</TableCell>
              <TableCell>
                <Usage database={database} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(database.createdAt, timezone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
