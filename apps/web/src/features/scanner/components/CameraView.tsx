import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useCamera } from '../hooks/useCamera';

type Props = { detecting: boolean; formats: readonly string[]; onDetect: (value: string) => void; onRetry: () => void };

/** The live camera with an aiming frame; reads codes of the service's formats while `detecting`. */
export function CameraView({ detecting, formats, onDetect, onRetry }: Props) {
  const video = useRef<HTMLVideoElement | null>(null);
  const camera = useCamera(video, { detecting, formats, onDetect });
  const failed = camera.status !== 'starting' && camera.status !== 'running';
  return (
    <Box sx={{ position: 'relative', bgcolor: '#0b1220', borderRadius: { xs: 0, sm: 3 }, overflow: 'hidden', aspectRatio: { xs: '3 / 4', sm: '4 / 3' }, maxHeight: { xs: '56vh', sm: 480 }, width: '100%' }}>
      <Box component="video" ref={video} muted playsInline autoPlay aria-label="Camera" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: failed ? 'none' : 'block' }} />
      {camera.status === 'running' ? (
        <Box aria-hidden sx={{ position: 'absolute', inset: '22% 10%', border: '3px solid rgba(255,255,255,0.9)', borderRadius: 3, boxShadow: '0 0 0 2000px rgba(0,0,0,0.25)' }}>
          {detecting ? <Box sx={{ position: 'absolute', left: 8, right: 8, top: '50%', height: 2, bgcolor: '#ff5252', boxShadow: '0 0 8px #ff5252' }} /> : null}
        </Box>
      ) : null}
      {camera.status === 'starting' ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, color: '#fff' }}>
          <CircularProgress color="inherit" />
          <Typography>Starting the camera…</Typography>
        </Box>
      ) : null}
      {failed ? (
        <Box role="alert" sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, color: '#fff', p: 3, textAlign: 'center' }}>
          <Typography>{camera.message}</Typography>
          <Button variant="contained" onClick={onRetry}>
            Try the camera again
          </Button>
        </Box>
      ) : null}
      {camera.status === 'running' ? (
        <Typography sx={{ position: 'absolute', left: 0, right: 0, bottom: 12, textAlign: 'center', color: '#fff', fontSize: 15, textShadow: '0 1px 3px rgba(0,0,0,0.8)' }}>
          {detecting ? 'Point the camera at a barcode' : 'Paused'}
        </Typography>
      ) : null}
    </Box>
  );
}
