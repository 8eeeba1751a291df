import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
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
import type { ExportTemplate } from '@scanbase/contracts/scan-data';
import { RouterLink } from '../../../ui/RouterLink';
import { formatDateTime } from '../../tasks/schedule-form';

type Props = { templates: readonly ExportTemplate[]; timeZone: string | undefined; onDelete: (template: ExportTemplate) => void };

const href = (template: ExportTemplate) => `/account/scans/templates/${template.id}/`;
const columns = (n: number) => `${n} ${n === 1 ? 'column' : 'columns'}`;

function Actions({ template, onDelete }: { template: ExportTemplate; onDelete: (template: ExportTemplate) => void }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<EditOutlined />} component={RouterLink} href={href(template)} aria-label={`Edit ${template.name}`}>
        Edit
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => onDelete(template)} aria-label={`Delete ${template.name}`}>
        Delete
      </Button>
    </Box>
  );
}

/** Export templates as a table (cards on phones): name, column count, last change, Edit and Delete. */
export function TemplatesList({ templates, timeZone, onDelete }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const name = (template: ExportTemplate) => (
    <Link component={RouterLink} href={href(template)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {template.name}
    </Link>
  );
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label="Export templates" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {templates.map((template) => (
          <Paper key={template.id} component="li" variant="outlined" sx={{ p: 2 }}>
            {name(template)}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {columns(template.columns.length)} · {template.rowPer === 'answer' ? 'a row per answer' : 'a row per scan'} · changed {formatDateTime(template.updatedAt, timeZone)}
            </Typography>
            <Box sx={{ mt: 1.5 }}>
              <Actions template={template} onDelete={onDelete} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Export templates">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right">Columns</TableCell>
            <TableCell>Rows</TableCell>
            <TableCell>Last changed</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.map((template) => (
            <TableRow key={template.id} hover>
              <TableCell>{name(template)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {template.columns.length}
              </TableCell>
              <TableCell>{template.rowPer === 'answer' ? 'One per answer' : 'One per scan'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(template.updatedAt, timeZone)}</TableCell>
              <TableCell>
                <Actions template={template} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
