import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ExportColumn } from '@scanbase/contracts/scan-data';
import { useNow } from '../hooks/useNow';
import { formatExample, sampleCell } from '../template-form';

type Props = { columns: readonly ExportColumn[]; dateFormat: string; timeZone: string | undefined };

/** The file's header row as it will be written, with a made-up line under it that shows the date format. */
export function HeaderPreview({ columns, dateFormat, timeZone }: Props) {
  const now = useNow();
  if (columns.length === 0) return <Typography color="text.secondary">Choose columns to see the header row.</Typography>;
  const example = formatExample(dateFormat, now, timeZone);
  const dateExample = 'text' in example ? example.text : '?';
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Preview of the export's first rows">
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={index} sx={{ fontWeight: 700, whiteSpace: 'nowrap', bgcolor: '#f4f6f8' }}>
                {column.header.trim() || <em>(no header)</em>}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={index} sx={{ whiteSpace: 'nowrap', color: 'text.secondary', fontStyle: 'italic' }}>
                {sampleCell(column, dateExample)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}
