import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { columnLetter, readPreviewRow, type ImportPreview, type MappingForm } from '../import-mapping';
import { ValidityChip } from './ValidityChip';

const roleOf = (form: MappingForm, column: number) =>
  column === form.value ? 'Value' : column === form.response ? 'Response' : column === form.validity ? 'Valid / invalid' : null;

/** The first rows of the file as read with the current mapping: each column's role, and what each row becomes. */
export function ImportPreviewTable({ preview, form }: { preview: ImportPreview; form: MappingForm }) {
  const theme = useTheme();
  // On phones the file's columns scroll sideways, so what each row becomes comes first.
  const resultFirst = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns = Math.max(preview.columns, 1);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="First rows of the file">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56 }}>Row</TableCell>
            {resultFirst ? <TableCell sx={{ whiteSpace: 'nowrap' }}>Becomes</TableCell> : null}
            {Array.from({ length: columns }, (_unused, column) => {
              const role = roleOf(form, column);
              return (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {columnLetter(column)}
                  {role ? <Chip size="small" color="primary" label={role} sx={{ ml: 1 }} /> : <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>not imported</Typography>}
                </TableCell>
              );
            })}
            {resultFirst ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>Becomes</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((row, index) => {
            const header = index === 0 && form.hasHeader;
            const read = readPreviewRow(row, form);
            const outcome = (
              <TableCell sx={{ whiteSpace: resultFirst ? 'normal' : 'nowrap', minWidth: resultFirst ? 130 : undefined }}>
                {header ? (
                  <Typography variant="body2" color="text.secondary">
                    Header, skipped
                  </Typography>
                ) : read.problem ? (
                  <Typography variant="body2" color="error">
                    {read.problem}
                  </Typography>
                ) : (
                  <ValidityChip validity={read.valid ? 1 : 0} />
                )}
              </TableCell>
            );
            return (
              <TableRow key={index} sx={header ? { bgcolor: 'action.hover' } : undefined}>
                <TableCell sx={{ color: 'text.secondary' }}>{index + 1}</TableCell>
                {resultFirst ? outcome : null}
                {Array.from({ length: columns }, (_unused, column) => (
                  <TableCell key={column} sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: header ? 600 : undefined, color: roleOf(form, column) ? 'text.primary' : 'text.secondary' }}>
                    {row[column] ?? ''}
                  </TableCell>
                ))}
                {resultFirst ? null : outcome}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
