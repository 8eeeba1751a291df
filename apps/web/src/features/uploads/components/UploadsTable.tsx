import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { UploadRow } from '@scanbase/contracts/scan-data';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime } from '../../tasks/schedule-form';
import { uploadScansHref } from '../upload-filters';
import { ResultCounts } from './ResultCounts';
import { visuallyHidden } from '../../../ui/VisuallyHidden';

type Props = { uploads: readonly UploadRow[]; timeZone: string | undefined };

const deleted = (name: string, isDeleted: boolean) => (isDeleted ? `${name} (deleted)` : name);
const scans = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'scan' : 'scans'}`;

function ViewScans({ upload, timeZone }: { upload: UploadRow; timeZone: string | undefined }) {
  return (
    <Button size="small" variant="outlined" component={RouterLink} href={uploadScansHref(upload, timeZone)} aria-label={`View the scans of upload ${upload.id}`} sx={{ whiteSpace: 'nowrap' }}>
      View scans
    </Button>
  );
}

/** Uploads as a table on wide screens and as cards on phones: id, received, service, user, device, scan counts, and a link to the scans. */
export function UploadsTable({ uploads, timeZone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="Uploads" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {uploads.map((upload) => (
          <Paper key={upload.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600 }}>Upload #{upload.id}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                {formatDateTime(upload.createdAt, timeZone)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {deleted(upload.service.name, upload.service.deleted)} · {upload.user ? deleted(upload.user.name, upload.user.deleted) : 'no user'} · {upload.device?.name ?? 'no device'}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <strong>{scans(upload.count)}</strong>: <ResultCounts upload={upload} />
            </Typography>
            <Box sx={{ mt: 1.5 }}>
              <ViewScans upload={upload} timeZone={timeZone} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Uploads">
        <TableHead>
          <TableRow>
            <TableCell>Upload</TableCell>
            <TableCell>Received</TableCell>
            <TableCell>Service</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Device</TableCell>
            <TableCell align="right">Scans</TableCell>
            <TableCell>Results</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {uploads.map((upload) => (
            <TableRow key={upload.id} hover>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>#{upload.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(upload.createdAt, timeZone)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{deleted(upload.service.name, upload.service.deleted)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{upload.user ? deleted(upload.user.name, upload.user.deleted) : '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{upload.device?.name ?? '—'}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {upload.count.toLocaleString('en-US')}
              </TableCell>
              <TableCell>
                <ResultCounts upload={upload} />
              </TableCell>
              <TableCell align="right">
                <ViewScans upload={upload} timeZone={timeZone} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
