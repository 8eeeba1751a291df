import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScanResponseView } from '@scanbase/contracts/scanner-pages';
import { useParams } from '@tanstack/react-router';
import { useServices } from '../../../app/useServices';
import { LoadingState, ErrorState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { formatScanDateTime } from '../../scans/scan-format';
import { ResponseContent } from '../components/ResponseContent';
import { ScannerBar } from '../components/ScannerBar';
import { useScanResponse, type ResponseViewer } from '../hooks/useScanResponse';
import { storedResultView, toneColour } from '../result-view';
import { mapViewHref, SCANNER_HREF, scanEditorHref } from '../scanner-links';

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A scan id from the address (null when it is not one). */
function parseScanId(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function Refusal({ title, children, signIn }: { title: string; children: React.ReactNode; signIn?: string }) {
  return (
    <Paper role="alert" sx={{ p: 3, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <LockOutlined color="action" />
        <Typography component="h2" sx={{ fontSize: 22, fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      <Typography>{children}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} href={SCANNER_HREF}>
          Open the scanner
        </Button>
        {signIn ? (
          <Button variant="outlined" component={RouterLink} href={signIn}>
            Sign in as an administrator
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/** The scan as the scanner showed it: the result colour and headline, the value and the response, then the facts. */
function ResponseCard({ scan, viewer }: { scan: ScanResponseView; viewer: ResponseViewer }) {
  const view = storedResultView(scan);
  const Icon = view.tone === 'invalid' ? HighlightOff : CheckCircleOutline;
  const facts: [string, string][] = [
    ['Service', scan.service.name],
    ['Scanned', formatScanDateTime(scan.scannedAt, deviceZone)],
    ['App user', scan.userName ?? '–'],
    ['Scan id', String(scan.scanId)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper component="section" aria-labelledby="response-title" data-testid="scan-response" data-tone={view.tone} sx={{ bgcolor: toneColour[view.tone], color: '#fff', p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
        <Icon aria-hidden sx={{ fontSize: 72 }} />
        <Typography id="response-title" component="h2" sx={{ fontSize: { xs: 34, sm: 44 }, fontWeight: 800, lineHeight: 1.1 }}>
          {view.title}
        </Typography>
        <Typography data-testid="response-value" sx={{ fontSize: 20, fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' }}>
          {view.value}
        </Typography>
        {/* White on the valid green is 4.4:1: text there is kept large (bold, 19 px and up), as WCAG AA asks. */}
        <Box sx={{ width: '100%', '& [data-testid="result-text"], & a': { fontWeight: 700 } }}>
          <ResponseContent view={view} />
          {!view.text.trim() ? <Typography sx={{ fontSize: 19, fontWeight: 700 }}>The scanner showed no response text for this scan.</Typography> : null}
        </Box>
      </Paper>
      <Paper component="dl" sx={{ p: 2.5, m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Paper>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {viewer === 'app' ? (
          <>
            <Button variant="contained" component={RouterLink} href={SCANNER_HREF}>
              Back to the scanner
            </Button>
            <Button variant="outlined" component={RouterLink} href={mapViewHref({ service: scan.service.id })}>
              My scans map
            </Button>
          </>
        ) : (
          <Button variant="contained" component={RouterLink} href={scanEditorHref(scan.scanId)}>
            Open in the scan editor
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** /scanresponse/{scanId}/: one scan's response as the scanner showed it, for the app user who made it or an administrator of the account. */
export function ScanResponsePage() {
  const { scanId: raw }: { scanId?: string } = useParams({ strict: false });
  const scanId = parseScanId(raw);
  const { session } = useServices();
  const result = useScanResponse(scanId);
  const here = `/scanresponse/${raw ?? ''}/`;
  const signIn = session.token ? undefined : `/signin?to=${encodeURIComponent(here)}`;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ScannerBar title="Scan response" subtitle={scanId !== null ? `Scan ${scanId}` : undefined} />
      <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        {scanId === null || result.kind === 'not-found' ? (
          <Refusal title="Scan not found">There is no such scan here. It may have been deleted, or it belongs to another account.</Refusal>
        ) : result.kind === 'loading' ? (
          <LoadingState label="Loading the response…" />
        ) : result.kind === 'signed-out' ? (
          <Refusal title="Sign in to see this response" signIn={signIn}>
            The response of a scan is shown to the app user who made it (signed in to the scanner) and to the administrators of the account.
          </Refusal>
        ) : result.kind === 'forbidden' ? (
          <Refusal title="You cannot see this response" signIn={signIn}>
            Only the app user who made this scan and the administrators of its account can see its response.
          </Refusal>
        ) : result.kind === 'error' ? (
          <ErrorState message={result.message} onRetry={result.retry} />
        ) : (
          <ResponseCard scan={result.scan} viewer={result.viewer} />
        )}
      </Box>
    </Box>
  );
}
