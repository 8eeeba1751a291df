import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { RouterLink } from '../../../ui/RouterLink';
import { deletedName, formatScanDateTime } from '../scan-format';
import { ScanDetails } from './ScanDetails';
import { editScanHref } from './ScanTable';
import { StatusChip } from './StatusChip';

type Props = { scan: ScanDetail | undefined; timeZone: string; onClose: () => void };

/** The side pane of `preview=1`: everything about the scan picked in the table, and a way to edit it. */
export function ScanPreviewPane({ scan, timeZone, onClose }: Props) {
  const facts: [string, string][] = scan
    ? [
        ['Service', deletedName(scan.service.name, scan.service.deleted)],
        ['User', scan.user ? deletedName(scan.user.name, scan.user.deleted) : '—'],
        ['Device', scan.device?.name ?? '—'],
        ['Scanned', formatScanDateTime(scan.scannedAt, timeZone)],
        ['Received', formatScanDateTime(scan.receivedAt, timeZone)],
        ['Modified', formatScanDateTime(scan.modifiedAt, timeZone)],
        ['Upload', scan.uploadId === null ? '—' : `#${scan.uploadId}`],
        ['Scan ID', String(scan.id)],
      ]
    : [];
  return (
    <Paper variant="outlined" component="aside" aria-label="Scan preview" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 80 }, maxHeight: { lg: 'calc(100vh - 100px)' }, overflowY: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="overline" sx={{ flexGrow: 1, color: 'text.secondary' }}>
          Preview
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label="Close the preview">
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      {scan ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, fontSize: 18, overflowWrap: 'anywhere' }}>{scan.value}</Typography>
            <StatusChip status={scan.status} />
          </Box>
          {scan.response ? <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{scan.response}</Typography> : null}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 2, fontSize: 14, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
          <Button variant="outlined" startIcon={<EditOutlined />} component={RouterLink} href={editScanHref(scan.id)} fullWidth>
            Edit this scan
          </Button>
          <Divider sx={{ my: 2 }} />
          <ScanDetails scan={scan} columns={1} />
        </>
      ) : (
        <Typography color="text.secondary">Click a scan in the table to see it here.</Typography>
      )}
    </Paper>
  );
}
