import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

type Props = {
  users: readonly { id: number; username: string }[];
  leaders: number[];
  scanners: number[];
  onLeaders: (ids: number[]) => void;
  onScanners: (ids: number[]) => void;
};

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** App users with "May lead" and "May scan" boxes. */
export function UserRolesTable({ users, leaders, scanners, onLeaders, onScanners }: Props) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', maxHeight: 420, overflowY: 'auto' }}>
      <Table size="small" stickyHeader aria-label="Leaders and scanners">
        <TableHead>
          <TableRow>
            <TableCell>App user</TableCell>
            <TableCell align="center">May lead</TableCell>
            <TableCell align="center">May scan</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{u.username}</TableCell>
              <TableCell align="center">
                <Checkbox checked={leaders.includes(u.id)} onChange={() => onLeaders(toggle(leaders, u.id))} inputProps={{ 'aria-label': `${u.username} may lead` }} />
              </TableCell>
              <TableCell align="center">
                <Checkbox checked={scanners.includes(u.id)} onChange={() => onScanners(toggle(scanners, u.id))} inputProps={{ 'aria-label': `${u.username} may scan` }} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
