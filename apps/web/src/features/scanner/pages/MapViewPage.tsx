import ArrowBack from '@mui/icons-material/ArrowBack';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useOnline } from '../../../api/useOnline';
import { ErrorState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { ScanMap, type PendingPoint } from '../../scans/components/ScanMap';
import { MarkerLegend, MarkerLegendItem } from '../../scans/components/MarkerLegend';
import { formatScanDateTime } from '../../scans/scan-format';
import { ScannerBar } from '../components/ScannerBar';
import { useConnectivityProbe } from '../hooks/useConnectivityProbe';
import { useMyLocations } from '../hooks/useMyLocations';
import { useScannerSession } from '../hooks/useScannerSession';
import { useScanQueue } from '../hooks/useScanQueue';
import { useWaitingScans } from '../hooks/useWaitingScans';
import { dayText, pendingScans, pendingText, periodChoices, periodRange, periodText, readPeriod, summaryParts, type MapPeriod, type PendingScan, type PeriodChoice } from '../mapview';
import { rememberedTiles } from '../mapview-cache';
import { ScannerContext, scannerServices } from '../scanner-services';
import { mapViewHref, SCANNER_HREF, scanResponseHref } from '../scanner-links';

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const responseLink = (scanId: number) => ({ href: scanResponseHref(scanId), label: 'See the response' });

function BackToScanner() {
  return (
    <IconButton component={RouterLink} href={SCANNER_HREF} aria-label="Back to the scanner" sx={{ color: '#fff' }}>
      <ArrowBack />
    </IconButton>
  );
}

function Legend() {
  return (
    <MarkerLegend label="Marker styles">
      <MarkerLegendItem swatch={<Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: '#fff', border: '3px dashed #b34700', boxSizing: 'border-box' }} />}>Waiting to sync</MarkerLegendItem>
    </MarkerLegend>
  );
}

/** The scans of this device not yet on the server, listed whether or not they have a location. */
function WaitingList({ pending }: { pending: readonly PendingScan[] }) {
  if (pending.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="waiting-title" sx={{ p: 2, borderColor: '#b34700', borderStyle: 'dashed' }}>
      <Typography id="waiting-title" component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1, color: '#8a3700' }}>
        Waiting to sync on this device
      </Typography>
      <Box component="ul" data-testid="waiting-list" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {pending.map((scan) => (
          <Box component="li" key={scan.clientScanId} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'baseline', fontSize: 14 }}>
            <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, overflowWrap: 'anywhere' }}>
              {scan.value}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatScanDateTime(scan.scannedAt, deviceZone)}
            </Box>
            {scan.latitude === undefined ? (
              <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                no location
              </Box>
            ) : null}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function SignInNeeded() {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ScannerBar title="My scans map" />
      <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
        <Paper sx={{ p: 3, display: 'grid', gap: 2 }}>
          <Typography component="h2" sx={{ fontSize: 22, fontWeight: 700 }}>
            Sign in to the scanner first
          </Typography>
          <Typography>This map shows the scans you made with the Scanbase scanner. Sign in there with your app user name and password, then come back.</Typography>
          <Box>
            <Button variant="contained" component={RouterLink} href={SCANNER_HREF}>
              Open the scanner to sign in
            </Button>
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}

/** The map itself, for a signed-in app user. */
function MapView() {
  const { signedIn, profile, serviceId: lastService } = useScannerSession();
  useConnectivityProbe();
  const online = useOnline();
  const userId = signedIn && profile ? profile.user.id : null;
  const queue = useScanQueue(userId);
  const waiting = useWaitingScans(userId);
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const search: { service?: string; period?: string; from?: string; to?: string } = useSearch({ strict: false });
  const services = profile?.services ?? [];
  const wanted = Number(search.service);
  const service = services.find((s) => s.id === wanted) ?? services.find((s) => s.id === lastService) ?? services[0] ?? null;
  const choice = readPeriod(search);
  // "Today" is fixed when the page opens (and when the period changes), so the key of what is kept stays put.
  const [now] = useState(() => new Date());
  const range = useMemo(() => periodRange(choice, now), [choice.period, choice.from, choice.to, now]); // eslint-disable-line react-hooks/exhaustive-deps
  const validRange = 'error' in range ? null : range;
  const locations = useMyLocations(userId, service?.id ?? null, validRange, online, queue.sent);
  const pending = service ? pendingScans(waiting, service.id) : [];
  const pendingPoints = pending.flatMap((p): PendingPoint[] => (p.latitude !== undefined && p.longitude !== undefined ? [{ clientScanId: p.clientScanId, latitude: p.latitude, longitude: p.longitude, value: p.value, scannedAt: p.scannedAt }] : []));

  if (!signedIn || !profile) return <SignInNeeded />;

  const go = (next: { service?: number; choice?: PeriodChoice }) => {
    const c = next.choice ?? choice;
    void navigate({ href: mapViewHref({ service: next.service ?? service?.id, period: c.period, from: c.from, to: c.to }), replace: true });
  };
  const pickPeriod = (period: MapPeriod) => {
    if (period === 'custom') {
      const today = dayText(new Date());
      go({ choice: { period, from: choice.from ?? today, to: choice.to ?? today } });
    } else go({ choice: { period } });
  };
  const data = locations.data;
  const offline = !online || locations.unreachable;
  const savedAt = locations.savedAt ? formatScanDateTime(locations.savedAt, deviceZone) : null;
  const tiles = data ?? rememberedTiles();

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ScannerBar title="My scans map" subtitle={`${profile.user.username} · ${profile.device.name}`}>
        <BackToScanner />
      </ScannerBar>
      <Box component="main" sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
        {offline ? (
          <Alert severity="warning" icon={<CloudOffOutlined />} role="status" data-testid="mapview-offline">
            <strong>You are offline.</strong>{' '}
            {data && savedAt ? `Showing the scans loaded at ${savedAt}` : 'No scans of this period were loaded on this device yet'}
            {pending.length > 0 ? `, and the ${pending.length === 1 ? 'scan' : `${pending.length} scans`} waiting on this device.` : '.'}
          </Alert>
        ) : null}
        {services.length === 0 ? (
          <Alert severity="info">You may not use any service yet. Ask your administrator to give you one.</Alert>
        ) : (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              label="Service"
              size="small"
              value={service?.id ?? ''}
              onChange={(event) => go({ service: Number(event.target.value) })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 280 } }}
            >
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </TextField>
            <ToggleButtonGroup exclusive size="small" color="primary" value={choice.period} onChange={(_event, value: MapPeriod | null) => value && pickPeriod(value)} aria-label="Period">
              {periodChoices.map((c) => (
                <ToggleButton key={c.value} value={c.value} sx={{ px: 1.5, textTransform: 'none' }}>
                  {c.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {choice.period === 'custom' ? (
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
                <TextField type="date" size="small" label="First day" value={choice.from ?? ''} onChange={(event) => go({ choice: { ...choice, from: event.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
                <TextField type="date" size="small" label="Last day" value={choice.to ?? ''} onChange={(event) => go({ choice: { ...choice, to: event.target.value } })} slotProps={{ inputLabel: { shrink: true } }} />
              </Box>
            ) : null}
          </Box>
        )}
        {'error' in range ? <Alert severity="error">{range.error}</Alert> : null}
        {service && validRange ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography role="status" data-testid="mapview-summary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexGrow: 1, flexWrap: 'wrap' }}>
                <PlaceOutlined fontSize="small" color="primary" />
                <span>{periodText(choice)}:</span>
                <span>{data ? summaryParts(data).join(' · ') : locations.loading ? 'loading…' : 'not loaded'}</span>
                {pending.length > 0 ? (
                  <Box component="span" data-testid="mapview-waiting" sx={{ color: '#8a3700', fontWeight: 600 }}>
                    · {pendingText(pending)}
                  </Box>
                ) : null}
              </Typography>
              <Legend />
            </Box>
            {data?.truncated ? <Alert severity="info">Only the newest {data.points.length.toLocaleString('en-US')} scans with a location are on the map. Choose a shorter period to see the others.</Alert> : null}
            {locations.error ? <ErrorState message={locations.error} onRetry={locations.refetch} /> : null}
            {tiles && (data || pendingPoints.length > 0) ? (
              <Box aria-busy={locations.loading}>
                {data && data.total === 0 && pending.length === 0 ? (
                  <Typography sx={{ mb: 1, color: 'text.secondary' }}>No scans in this period. Scans you make with GPS turned on appear here.</Typography>
                ) : null}
                <ScanMap
                  points={data?.points ?? []}
                  pending={pendingPoints}
                  tileUrl={tiles.tileUrl}
                  attribution={tiles.attribution}
                  timeZone={deviceZone}
                  fitKey={`${service.id}:${validRange.from}:${validRange.to}:${data ? 'data' : 'none'}:${pendingPoints.length}`}
                  height={phone ? '58vh' : 560}
                  scanLink={responseLink}
                />
              </Box>
            ) : locations.loading ? (
              <Skeleton variant="rounded" height={420} aria-label="Loading the map" />
            ) : !locations.error && pending.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>Nothing to show: connect to load the scans of this period.</Typography>
            ) : null}
            <WaitingList pending={pending} />
            {queue.waiting > 0 && online ? (
              <Box>
                <Button variant="outlined" onClick={queue.syncNow} disabled={queue.syncing}>
                  {queue.syncing ? 'Sending…' : 'Send waiting scans now'}
                </Button>
              </Box>
            ) : null}
          </>
        ) : null}
        <Typography sx={{ fontSize: 14 }}>
          <Link component={RouterLink} href={SCANNER_HREF}>
            Back to the scanner
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

/** /app/1.0/mapview/: the signed-in app user's own scans of a service and period on a map, with the scans still waiting on the device. */
export function MapViewPage() {
  return (
    <ScannerContext.Provider value={scannerServices()}>
      <MapView />
    </ScannerContext.Provider>
  );
}
