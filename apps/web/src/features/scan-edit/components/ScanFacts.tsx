import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { ScanStatusChip } from '../../dashboard/components/ScanStatusChip';
import { scanResponseHref } from '../../scanner/scanner-links';
import { formatFullTime } from '../scan-edit-form';

type Props = { scan: ScanDetail; timeZone: string | undefined };

const deleted = (name: string, isDeleted: boolean) => (isDeleted ? `${name} (deleted)` : name);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Where a scan comes from and when: service, user, device, upload, and its scanned / received / modified times in the account's zone. */
export function ScanFacts({ scan, timeZone }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-label="About this scan" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h3" sx={{ flexGrow: 1 }}>
          About this scan
        </Typography>
        <ScanStatusChip status={scan.status} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        <Fact label="Service">
          <Link component={RouterLink} href={`/account/services/${scan.service.id}/type/`}>
            {deleted(scan.service.name, scan.service.deleted)}
          </Link>
        </Fact>
        <Fact label="User">
          {scan.user ? (
            <Link component={RouterLink} href={`/account/users/${scan.user.id}/`}>
              {deleted(scan.user.name, scan.user.deleted)}
            </Link>
          ) : (
            'No app user'
          )}
        </Fact>
        <Fact label="Device">{scan.device?.name ?? 'No device'}</Fact>
        <Fact label="Scanned">{formatFullTime(scan.scannedAt, timeZone)}</Fact>
        <Fact label="Received">{formatFullTime(scan.receivedAt, timeZone)}</Fact>
        <Fact label="Modified">{formatFullTime(scan.modifiedAt, timeZone)}</Fact>
        <Fact label="Scan id">{scan.id}</Fact>
        <Fact label="Upload">{scan.uploadId === null ? 'Sent on its own' : `Upload #${scan.uploadId}`}</Fact>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          Times are in {timeZone ?? 'your browser’s time zone'}.
        </Typography>
        <Link component={RouterLink} href={scanResponseHref(scan.id)} variant="body2" sx={{ fontWeight: 600 }}>
          View response as the scanner showed it
        </Link>
      </Box>
    </Paper>
  );
}
