import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { qrShape, type QrShape } from '../qr-code';

/** Modules of white margin around the code: the quiet zone readers need. */
const QUIET = 4;

/** A QR code of `text`, drawn as SVG in the browser; its accessible name says what it holds. */
export function QrCode({ text, size = 232 }: { text: string; size?: number }) {
  const shape = useMemo<QrShape | null>(() => {
    try {
      return qrShape(text);
    } catch {
      return null;
    }
  }, [text]);
  if (!shape) {
    return (
      <Typography role="alert" color="error">
        The QR code could not be drawn. Type the address below on the other phone instead.
      </Typography>
    );
  }
  const side = shape.size + QUIET * 2;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`QR code of ${text}`}
      data-testid="scanner-qr"
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      shapeRendering="crispEdges"
      sx={{ width: size, maxWidth: '100%', height: 'auto', display: 'block', borderRadius: 2, border: '1px solid', borderColor: 'divider' }}
    >
      <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#ffffff" />
      <path d={shape.path} fill="#000000" />
    </Box>
  );
}
