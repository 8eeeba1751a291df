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
import type { Service } from '@scanbase/contracts/services';
import { RouterLink } from '../../../ui/RouterLink';
import { usesDatabase } from '../service-types';
import { ServiceTypeChip } from './ServiceTypeChip';
import { SortableHeader } from './SortableHeader';
import { formatAccountDate } from '../../scans/scan-format';

export const serviceHref = (service: Service, tab = 'type') => `/account/services/${service.id}/${tab}/`;

type Props = {
  services: readonly Service[];
  databaseNames: ReadonlyMap<number, string>;
  sortby: string | undefined;
  direction: 'asc' | 'desc';
  onSort: (column: string, direction: 'asc' | 'desc') => void;
  onDelete: (service: Service) => void;
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Details({ service, databaseNames }: { service: Service; databaseNames: ReadonlyMap<number, string> }) {
  const parts = [service.userIds.length === 0 ? 'No users yet' : count(service.userIds.length, 'user', 'users'), count(service.questions.length, 'question', 'questions')];
  if (usesDatabase(service.validationMethod) && service.databaseId !== null) parts.unshift(`Database: ${databaseNames.get(service.databaseId) ?? `#${service.databaseId}`}`);
  return (
    <Typography variant="body2" color="text.secondary">
      {parts.join(' · ')}
    </Typography>
  );
}

function Actions({ service, onDelete }: { service: Service; onDelete: (service: Service) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
      <Button size="small" component={RouterLink} href={serviceHref(service)} aria-label={`Edit ${service.name}`}>
        Edit
      </Button>
      <Button size="small" component={RouterLink} href={serviceHref(service, 'done')} aria-label={`Summary of ${service.name}`}>
        Summary
      </Button>
      <Button size="small" color="error" onClick={() => onDelete(service)} aria-label={`Delete ${service.name}`}>
        Delete
      </Button>
    </Stack>
  );
}

const created = (iso: string) => formatAccountDate(iso, undefined);

/** The services of a page: a table on wide screens, cards on phones. */
export function ServiceList({ services, databaseNames, sortby, direction, onSort, onDelete }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const name = (service: Service) => (
    <Link component={RouterLink} href={serviceHref(service)} sx={{ fontWeight: 600 }}>
      {service.name}
    </Link>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="Services" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {services.map((service) => (
          <Paper key={service.id} component="li" variant="outlined" sx={{ p: 2 }}>
            {name(service)}
            <Box sx={{ my: 0.75 }}>
              <ServiceTypeChip type={service.validationMethod} />
            </Box>
            <Details service={service} databaseNames={databaseNames} />
            <Box sx={{ mt: 1, ml: -1 }}>
              <Actions service={service} onDelete={onDelete} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  const header = { sortby, direction, onSort };
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Services">
        <TableHead>
          <TableRow>
            <SortableHeader label="Name" column="name" {...header} />
            <SortableHeader label="Type" column="servicetype" {...header} />
            <TableCell>Uses</TableCell>
            <SortableHeader label="Created" column="created" {...header} />
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((service) => (
            <TableRow key={service.id} hover>
              <TableCell>{name(service)}</TableCell>
              <TableCell>
                <ServiceTypeChip type={service.validationMethod} />
              </TableCell>
              <TableCell>
                <Details service={service} databaseNames={databaseNames} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{created(service.createdAt)}</TableCell>
              <TableCell align="right">
                <Actions service={service} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
