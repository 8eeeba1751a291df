import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { V2Error } from '../../../api/v2-client';
import { useSession } from '../../../session/useSession';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { DeleteScanButton } from '../components/DeleteScanButton';
import { ScanEditor } from '../components/ScanEditor';
import { ScanFacts } from '../components/ScanFacts';
import { ScanHistory } from '../components/ScanHistory';
import { ScanNotFound } from '../components/ScanNotFound';
import { useScan } from '../hooks/useScan';
import { useScanId } from '../hooks/useScanId';

const back = (
  <Button component={RouterLink} href="/account/scans/search/full/" startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
    Scan search
  </Button>
);

/** /account/scans/edit/?scanId=N (and /crapp/scan/edit/ from the scanner app): where a scan comes from, its edit form, history and delete. */
export function ScanEditPage() {
  const id = useScanId();
  const scan = useScan(id);
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;

  let body;
  if (id === null) body = <ScanNotFound missingId />;
  else if (scan.isPending) body = <LoadingState label="Loading the scan…" />;
  else if (scan.isError) body = scan.error instanceof V2Error && scan.error.code === 'NOT_FOUND' ? <ScanNotFound missingId={false} /> : <ErrorState message={scan.error.message} onRetry={() => void scan.refetch()} />;
  else {
    const data = scan.data;
    body = (
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <ScanFacts scan={data} timeZone={timeZone} />
          <ScanEditor key={data.id} scan={data} />
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 }, maxHeight: { lg: 'calc(100vh - 96px)' }, overflowY: { lg: 'auto' } }}>
          <ScanHistory history={data.history} timeZone={timeZone} />
          <Box>
            <DeleteScanButton scan={data} />
          </Box>
        </Stack>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, pb: 2 }}>
      {back}
      <Typography variant="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {scan.data ? (
          <>
            Scan{' '}
            <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>
              {scan.data.value}
            </Box>
          </>
        ) : (
          'Edit scan'
        )}
      </Typography>
      {body}
    </Box>
  );
}
