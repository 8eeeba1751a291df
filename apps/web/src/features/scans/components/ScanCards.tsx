import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { deletedName, formatScanDateTime } from '../scan-format';
import type { TemplateTableColumn } from '../template-columns';
import { ScanDetails } from './ScanDetails';
import { editScanHref } from './ScanTable';
import { StatusChip } from './StatusChip';

type Props = {
  rows: readonly ScanDetail[];
  templateColumns?: readonly TemplateTableColumn[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  timeZone: string;
  receivedTime: boolean;
};

function ScanCard({ scan, checked, onSelect, templateColumns, timeZone, receivedTime }: Omit<Props, 'rows' | 'selected'> & { scan: ScanDetail; checked: boolean }) {
  const [open, setOpen] = useState(false);
  const extra = scan.answers.length + Object.keys(scan.properties).length;
  return (
    <Paper component="li" variant="outlined" data-scan-id={scan.id} sx={{ p: 1.5, pl: 0.5, display: 'flex', gap: 0.5, borderColor: checked ? 'primary.main' : undefined, bgcolor: checked ? '#f3f8fe' : undefined }}>
      <Checkbox size="small" checked={checked} onChange={(event) => onSelect([scan.id], event.target.checked)} slotProps={{ input: { 'aria-label': `Select scan ${scan.value}` } }} sx={{ alignSelf: 'flex-start', mt: -0.5 }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Link component={RouterLink} href={editScanHref(scan.id)} sx={{ fontWeight: 600, fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
            {scan.value}
          </Link>
          <StatusChip status={scan.status} />
        </Box>
        {templateColumns ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 0.75, fontSize: 14, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
            {templateColumns
              .filter((column) => column.field !== 'value' && column.field !== 'status')
              .map((column) => (
                <Box key={column.key} sx={{ display: 'contents' }}>
                  <dt>{column.header}</dt>
                  <dd>{column.text(scan) || '—'}</dd>
                </Box>
              ))}
          </Box>
        ) : (
          <>
            {scan.response ? (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {scan.response}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {deletedName(scan.service.name, scan.service.deleted)} · {scan.user ? deletedName(scan.user.name, scan.user.deleted) : 'no user'}
              {scan.device ? ` · ${scan.device.name}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {receivedTime ? 'Received ' : ''}
              {formatScanDateTime(receivedTime ? scan.receivedAt : scan.scannedAt, timeZone)}
            </Typography>
          </>
        )}
        {extra > 0 ? (
          <>
            <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ ml: -1, mt: 0.25 }}>
              {open ? 'Hide details' : `Answers and properties (${extra})`}
            </Button>
            <Collapse in={open} unmountOnExit>
              <Box sx={{ pt: 1 }}>
                <ScanDetails scan={scan} columns={1} />
              </Box>
            </Collapse>
          </>
        ) : null}
      </Box>
    </Paper>
  );
}

/** Scans as cards with a tick box each (phones). */
export function ScanCards({ rows, selected, ...rest }: Props) {
  return (
    <Stack spacing={1.25} component="ul" aria-label="Scans" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((scan) => (
        <ScanCard key={scan.id} scan={scan} checked={selected.has(scan.id)} {...rest} />
      ))}
    </Stack>
  );
}
