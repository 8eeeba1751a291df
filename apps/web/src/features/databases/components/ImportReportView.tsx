import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportReportBody } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDownloadJobFile } from '../../tasks/hooks/useDownloadJobFile';
import { formatCount } from '../value-count';

type Props = { report: ImportReportBody; jobId: number; file: { name: string } | undefined };

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'good' | 'bad' }) {
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, bgcolor: tone === 'good' ? 'custom.chipGreen' : tone === 'bad' ? 'custom.chipRed' : 'action.hover' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: { xs: 22, sm: 28 }, fontWeight: 700, color: tone === 'good' ? 'custom.chipGreenText' : tone === 'bad' ? 'custom.chipRedText' : 'text.primary' }}>{formatCount(value)}</Typography>
    </Box>
  );
}

/** The outcome of an import: rows read, imported, rejected; the first rejected rows and a download of all of them. */
export function ImportReportView({ report, jobId, file }: Props) {
  const download = useDownloadJobFile();
  const [message, setMessage] = useState<string | null>(null);
  const shown = report.rejectedRows.length;
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }} aria-label="Import figures" role="group">
        <Figure label="Rows read" value={report.rows} />
        <Figure label="Imported" value={report.imported} tone="good" />
        <Figure label="Rejected" value={report.rejected} tone={report.rejected > 0 ? 'bad' : undefined} />
      </Box>
      {report.rejected > 0 ? (
        <Box sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h3" sx={{ flexGrow: 1 }}>
              Rejected rows{shown < report.rejected ? ` (first ${formatCount(shown)} of ${formatCount(report.rejected)})` : ''}
            </Typography>
            {file ? (
              <Button
                variant="outlined"
                startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
                disabled={download.isPending}
                onClick={() => download.mutate({ id: jobId, fallbackName: file.name }, { onError: (error) => setMessage(error.message) })}
              >
                Download all rejected rows (CSV)
              </Button>
            ) : null}
          </Box>
          <FormAlert message={message} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Row numbers count every line of the file, the header included, as a spreadsheet does. Fix these rows in your file and import it again: values already
            imported are updated, not doubled.
          </Typography>
          <Paper variant="outlined" sx={{ maxHeight: 360, overflow: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Rejected rows">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 90 }}>Row</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.rejectedRows.map((row) => (
                  <TableRow key={row.row}>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.row}</TableCell>
                    <TableCell>{row.reason.charAt(0).toUpperCase() + row.reason.slice(1)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Box>
      ) : null}
    </Box>
  );
}
