import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ScanLocation } from '@scanbase/contracts/scan-data';
import type { ScanStatus } from '@scanbase/contracts/scanner';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { RouterLink } from '../../../ui/RouterLink';
import { boundsOf, isDrawable, type Bounds } from '../map-points';
import { formatScanDateTime, resultInfo, statusColour, statusLabel } from '../scan-format';

// Leaflet's default marker images break with bundlers; a coloured dot per result needs no image at all.
const icons = new Map<ScanStatus, L.DivIcon>(
  resultInfo.map((info) => [
    info.status,
    L.divIcon({
      className: 'scan-marker',
      html: `<span style="display:block;width:16px;height:16px;border-radius:50%;background:${info.colour};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35),0 1px 3px rgba(0,0,0,.4)"></span>`,
      iconSize: [16, 16],
      iconAnchor: [8, 8],
      popupAnchor: [0, -8],
    }),
  ]),
);

// A scan still waiting on the device: a hollow dashed ring, unlike the filled dots of scans the server has.
const pendingIcon = L.divIcon({
  className: 'scan-marker',
  html: '<span style="display:block;width:18px;height:18px;border-radius:50%;background:#fff;border:3px dashed #b34700;box-shadow:0 1px 3px rgba(0,0,0,.4);box-sizing:border-box"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  popupAnchor: [0, -9],
});

/** A scan not on the server yet (the scanner's offline queue), drawn apart from the others. */
export type PendingPoint = { clientScanId: string; latitude: number; longitude: number; value: string; scannedAt: string };

/** Fits the map to the points once per search (not on every live refresh, which would undo the reader's panning). */
function FitBounds({ bounds, fitKey }: { bounds: Bounds | null; fitKey: string | null }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitKey === null || !bounds || fitted.current === fitKey) return;
    fitted.current = fitKey;
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
  }, [bounds, fitKey, map]);
  return null;
}

type Props = {
  points: readonly ScanLocation[];
  tileUrl: string;
  attribution: string;
  timeZone: string;
  fitKey: string | null;
  height: number | string;
  /** Where a scan's popup links to (the editor for administrators, the response for app users). */
  scanLink: (scanId: number) => { href: string; label: string };
  /** Scans still waiting on the device (the scanner's map), drawn as hollow rings outside the clusters. */
  pending?: readonly PendingPoint[];
};

/** The scans on a map: clustered dots coloured by result, a popup per scan with a link (edit it, or see its response). */
export function ScanMap({ points, tileUrl, attribution, timeZone, fitKey, height, scanLink, pending = [] }: Props) {
  const drawable = points.filter(isDrawable);
  const waiting = pending.filter(isDrawable);
  const bounds = boundsOf([...drawable, ...waiting]);
  return (
    <Box sx={{ height, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider', '& .leaflet-container': { height: '100%', width: '100%', font: 'inherit' }, '& .scan-marker': { background: 'none', border: 0 }, '& .leaflet-control-attribution a': { color: 'primary.main', textDecoration: 'underline' } }}>
      <MapContainer bounds={bounds ?? undefined} center={bounds ? undefined : [20, 0]} zoom={bounds ? undefined : 2} scrollWheelZoom worldCopyJump>
        <TileLayer url={tileUrl} attribution={attribution} />
        <FitBounds bounds={bounds} fitKey={fitKey} />
        <MarkerClusterGroup chunkedLoading maxClusterRadius={50}>
          {drawable.map((point) => (
            <Marker key={point.scanId} position={[point.latitude, point.longitude]} icon={icons.get(point.status)} title={`${point.value} (${statusLabel(point.status)})`}>
              <Popup>
                <Box sx={{ minWidth: 180, fontSize: 14, lineHeight: 1.5 }}>
                  <Box sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, overflowWrap: 'anywhere' }}>{point.value}</Box>
                  <Box sx={{ color: statusColour(point.status), fontWeight: 600 }}>{statusLabel(point.status)}</Box>
                  <Box>{formatScanDateTime(point.scannedAt, timeZone)}</Box>
                  <Box sx={{ color: 'text.secondary' }}>{point.serviceName}</Box>
                  <Link component={RouterLink} href={scanLink(point.scanId).href} sx={{ fontWeight: 600 }}>
                    {scanLink(point.scanId).label}
                  </Link>
                </Box>
              </Popup>
            </Marker>
          ))}
        </MarkerClusterGroup>
        {waiting.map((point) => (
          <Marker key={point.clientScanId} position={[point.latitude, point.longitude]} icon={pendingIcon} title={`${point.value} (waiting to sync)`} zIndexOffset={1000}>
            <Popup>
              <Box sx={{ minWidth: 180, fontSize: 14, lineHeight: 1.5 }}>
                <Box sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, overflowWrap: 'anywhere' }}>{point.value}</Box>
                <Box sx={{ color: '#b34700', fontWeight: 600 }}>Waiting to sync</Box>
                <Box>{formatScanDateTime(point.scannedAt, timeZone)}</Box>
              </Box>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}
