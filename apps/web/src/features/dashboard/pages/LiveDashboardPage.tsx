import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { RecentScansTable } from '../components/RecentScansTable';
import { ScanCounts } from '../components/ScanCounts';
import { useRecentScans } from '../hooks/useRecentScans';

/** /account/dashboard/: the newest scans of the account, arriving live, with the day's figures. */
export function LiveDashboardPage() {
  const { user } = useSession();
  const recent = useRecentScans();

  const openScanner = (
    <Button component="a" href="/scanner" target="_blank" rel="noopener" variant="contained" startIcon={<QrCodeScannerOutlined />}>
      Open the scanner
    </Button>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 2, flexDirection: { xs: 'column', sm: 'row' }, mb: 3 }}>
        <div>
          <Typography variant="h1">Live dashboard</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: '#2e7d32', display: 'inline-block', animation: 'pulse 2s infinite', '@keyframes pulse': { '50%': { opacity: 0.35 } } }} />
            New scans appear here as they happen.
          </Typography>
        </div>
        {openScanner}
      </Box>
      {recent.isPending ? <LoadingState label="Loading the newest scans…" /> : null}
      {recent.isError ? <ErrorState message={recent.error.message} onRetry={() => void recent.refetch()} /> : null}
      {recent.data ? (
        <Stack spacing={3}>
          <ScanCounts counts={recent.data.counts} />
          {recent.data.items.length === 0 ? (
            <EmptyState title="No scans yet" action={openScanner}>
              Scans show up here the moment they are taken. To start: create a service, add an app user to it (Users), then sign in as that user in the
              scanner at{' '}
              <Box component={RouterLink} href="/scanner" sx={{ color: 'primary.main' }}>
                /scanner
              </Box>{' '}
              on a phone, or any device with a camera or keyboard scanner.
            </EmptyState>
          ) : (
            <RecentScansTable rows={recent.data.items} fresh={recent.fresh} timezone={user?.timezone} />
          )}
        </Stack>
      ) : null}
    </Box>
  );
}
