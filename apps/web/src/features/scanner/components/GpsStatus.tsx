import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import LocationSearchingOutlined from '@mui/icons-material/LocationSearchingOutlined';
import Typography from '@mui/material/Typography';
import { gpsStatusText } from '../gps';
import type { GpsFix } from '../scan-submit';

/** On a service that records locations: the location scans carry now, or that there is none yet. */
export function GpsStatus({ fix }: { fix: GpsFix | null }) {
  const Icon = fix ? MyLocationOutlined : LocationSearchingOutlined;
  return (
    <Typography role="status" data-testid="gps-status" color="text.secondary" sx={{ fontSize: 14, display: 'flex', gap: 1, alignItems: 'center' }}>
      <Icon fontSize="small" aria-hidden />
      {gpsStatusText(fix)}
    </Typography>
  );
}
