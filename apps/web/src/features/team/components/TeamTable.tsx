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
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TeamMember } from '@scanbase/contracts/team';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { ownerLock, privilegesSummary, roleLabel } from '../team-rules';
import { MemberStatus } from './MemberStatus';

type Row = { key: string; name: ReactNode; email: string; role: string; privileges: string; status: ReactNode; note?: string };
type Props = { owner: { email: string; name: string }; members: readonly TeamMember[]; viewerId: number | null; isOwnerViewing: boolean };

function rowsOf({ owner, members, viewerId, isOwnerViewing }: Props): Row[] {
  const you = (text: string) => (
    <>
      {text} <Chip size="small" label="You" variant="outlined" sx={{ ml: 0.5 }} />
    </>
  );
  const ownerRow: Row = {
    key: 'owner',
    name: isOwnerViewing ? you(owner.name || owner.email) : owner.name || owner.email,
    email: owner.email,
    role: 'Owner',
    privileges: 'All',
    status: <MemberStatus status="active" />,
    note: ownerLock,
  };
  return [
    ownerRow,
    ...members.map((member) => {
      const label = member.name || member.email;
      const link = (
        <Link component={RouterLink} href={`/account/admins/${member.id}/`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Link>
      );
      return {
        key: String(member.id),
        name: member.id === viewerId ? you(label) : link,
        email: member.email,
        role: roleLabel(member.role),
        privileges: privilegesSummary(member.privileges),
        status: <MemberStatus status={member.status} />,
        ...(member.id === viewerId ? { note: 'You cannot change your own role or privileges, nor remove yourself.' } : {}),
      };
    }),
  ];
}

/** The team as a table (cards on phones): the owner first, then the members; a member's name opens their dialog. */
export function TeamTable(props: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const rows = rowsOf(props);
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Team members">
        {rows.map((row) => (
          <Paper key={row.key} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>{row.name}</Box>
              {row.status}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {row.email}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {row.role} · Privileges: {row.privileges}
            </Typography>
            {row.note ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {row.note}
              </Typography>
            ) : null}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Team members">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Privileges</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} hover>
              <TableCell>
                {row.name}
                {row.note ? (
                  <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
                    {row.note}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
              <TableCell>{row.role}</TableCell>
              <TableCell>{row.privileges}</TableCell>
              <TableCell>{row.status}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
