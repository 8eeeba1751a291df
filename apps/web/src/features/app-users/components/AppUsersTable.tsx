import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import type { AppUser } from '@scanbase/contracts/app-users';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime } from '../../tasks/schedule-form';
import { describeDeviceLimit } from '../app-user-form';

export type UserSort = { by: 'username' | 'created' | undefined; direction: 'asc' | 'desc' };
type Props = { users: readonly AppUser[]; sort: UserSort; onSort: (by: 'username' | 'created') => void; timezone: string | undefined };

const services = (user: AppUser) => (user.isOwner ? 'All services' : user.serviceIds.length === 0 ? 'None yet' : user.serviceIds.length === 1 ? '1 service' : `${user.serviceIds.length} services`);

function Status({ user }: { user: AppUser }) {
  if (user.isOwner) return <Chip size="small" label="Account owner" variant="outlined" />;
  if (user.invited) return <Chip size="small" label="Invited: no password yet" sx={{ bgcolor: '#fff4e5', color: '#8a4b00' }} />;
  return <Chip size="small" label="Active" sx={{ bgcolor: 'custom.chipGreen', color: 'custom.chipGreenText' }} />;
}

/** App users as a sortable table (cards on phones): username, status, services, device limit, created. */
export function AppUsersTable({ users, sort, onSort, timezone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const name = (user: AppUser) => (
    <Link component={RouterLink} href={`/account/users/${user.id}/`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {user.username}
    </Link>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Users">
        {users.map((user) => (
          <Paper key={user.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              {name(user)}
              <Status user={user} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Services: {services(user)} · Device limit: {describeDeviceLimit(user.deviceLimit)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  const sortable = (by: 'username' | 'created', label: string) => (
    <TableSortLabel active={sort.by === by} direction={sort.by === by ? sort.direction : 'asc'} onClick={() => onSort(by)}>
      {label}
    </TableSortLabel>
  );
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell sortDirection={sort.by === 'username' ? sort.direction : false}>{sortable('username', 'Username')}</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Services</TableCell>
            <TableCell>Device limit</TableCell>
            <TableCell sortDirection={sort.by === 'created' ? sort.direction : false}>{sortable('created', 'Created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell>{name(user)}</TableCell>
              <TableCell>
                <Status user={user} />
              </TableCell>
              <TableCell>{services(user)}</TableCell>
              <TableCell>{describeDeviceLimit(user.deviceLimit)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt, timezone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
