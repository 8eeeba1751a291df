import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';

type Props = { filtered: boolean; onClear: () => void; what?: string };

/** Nothing to show: either the filters leave nothing (clear them), or the account has no scans yet (start scanning). */
export function NoScans({ filtered, onClear, what = 'scans' }: Props) {
  if (filtered) {
    return (
      <EmptyState
        title={`No ${what} match these filters`}
        action={
          <Button variant="outlined" onClick={onClear}>
            Clear filters
          </Button>
        }
      >
        Try a wider period, fewer services or users, or another value.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={what === 'scans' ? 'No scans yet' : `No ${what} yet`}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component="a" href="/scanner" target="_blank" rel="noopener" variant="contained" startIcon={<QrCodeScannerOutlined />}>
            Open the scanner
          </Button>
          <Button component={RouterLink} href="/account/services/" variant="outlined">
            Services
          </Button>
        </Stack>
      }
    >
      {what === 'scans' ? 'Scans appear here as soon as they are taken.' : `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} appear here when scans carry them.`} Start scanning at{' '}
      <Box component={RouterLink} href="/scanner" sx={{ color: 'primary.main' }}>
        /scanner
      </Box>{' '}
      with an app user of one of your services.
    </EmptyState>
  );
}
