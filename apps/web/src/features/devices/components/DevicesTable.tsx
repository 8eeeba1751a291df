import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import type { Device } from '@scanbase/contracts/devices';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime } from '../../tasks/schedule-form';
import { DeviceNameEditor } from './DeviceNameEditor';

type Props = { devices: readonly Device[]; userNames: ReadonlyMap<number, string> | undefined; timezone: string | undefined };

/** Devices with inline renaming (a table; cards on phones): name, app user, last seen, first seen, device id. */
export function DevicesTable({ devices, userNames, timezone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [editing, setEditing] = useState<number | null>(null);
  const who = (device: Device) =>
    device.appUserId === null ? (
      '—'
    ) : (
      <Link component={RouterLink} href={`/account/users/${device.appUserId}/`}>
        {userNames?.get(device.appUserId) ?? `User ${device.appUserId}`}
      </Link>
    );
  const name = (device: Device) =>
    editing === device.id ? (
      <DeviceNameEditor device={device} onDone={() => setEditing(null)} />
    ) : (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{device.name}</Typography>
        <Button size="small" onClick={() => setEditing(device.id)} aria-label={`Rename ${device.name}`}>
          Rename
        </Button>
      </Box>
    );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Devices">
        {devices.map((device) => (
          <Paper key={device.id} component="li" variant="outlined" sx={{ p: 2 }}>
            {name(device)}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Last used {formatDateTime(device.lastSeenAt, timezone)} · by {who(device)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              Device id {device.udid}
            </Typography>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Devices">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '34%' }}>Name</TableCell>
            <TableCell>Last signed in as</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>First seen</TableCell>
            <TableCell>Device id</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device) => (
            <TableRow key={device.id} hover>
              <TableCell>{name(device)}</TableCell>
              <TableCell>{who(device)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(device.lastSeenAt, timezone)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(device.createdAt, timezone)}</TableCell>
              <TableCell sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, color: 'text.secondary', wordBreak: 'break-all', maxWidth: 220 }}>{device.udid}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
