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
import { specializedTypeInfo, type SpecializedInstance } from '@scanbase/contracts/specialized';
import { RouterLink } from '../../../ui/RouterLink';
import { instanceHref, isTypeBuilt } from '../specialized-links';
import { InstanceStatusChip } from './InstanceStatusChip';
import { TypePicture } from './TypePicture';

type Props = { instances: readonly SpecializedInstance[]; onDelete: (instance: SpecializedInstance) => void };

function Name({ instance }: { instance: SpecializedInstance }) {
  if (!isTypeBuilt(instance.type)) return <Typography sx={{ fontWeight: 600 }}>{instance.name}</Typography>;
  return (
    <Link component={RouterLink} href={instanceHref(instance)} sx={{ fontWeight: 600 }}>
      {instance.name}
    </Link>
  );
}

function TypeLabel({ instance }: { instance: SpecializedInstance }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TypePicture type={instance.type} size={28} />
      <Typography variant="body2">{specializedTypeInfo[instance.type].title}</Typography>
    </Stack>
  );
}

const scans = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'scan' : 'scans'} today`;

/** The instances of a page: a table on wide screens, cards on phones. */
export function InstanceList({ instances, onDelete }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const remove = (instance: SpecializedInstance) => (
    <Button size="small" color="error" onClick={() => onDelete(instance)} aria-label={`Delete ${instance.name}`}>
      Delete
    </Button>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="Specialized services" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {instances.map((instance) => (
          <Paper key={instance.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Name instance={instance} />
            <Box sx={{ my: 1, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <TypeLabel instance={instance} />
              <InstanceStatusChip status={instance.status} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {scans(instance.scansToday)}
            </Typography>
            <Box sx={{ mt: 1, ml: -1 }}>{remove(instance)}</Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Specialized services">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Scans today</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {instances.map((instance) => (
            <TableRow key={instance.id} hover>
              <TableCell>
                <Name instance={instance} />
              </TableCell>
              <TableCell>
                <TypeLabel instance={instance} />
              </TableCell>
              <TableCell align="right">{instance.scansToday.toLocaleString()}</TableCell>
              <TableCell>
                <InstanceStatusChip status={instance.status} />
              </TableCell>
              <TableCell align="right">{remove(instance)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
