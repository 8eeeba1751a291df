import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';

/** A signature drawn with finger, pen or mouse; hands a PNG data URL to onChange after each stroke (null when cleared). */
export function SignaturePad({ label, onChange }: { label: string; onChange: (image: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = element.clientWidth * ratio;
    element.height = element.clientHeight * ratio;
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1f2a37';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvas}
        aria-label={label}
        role="img"
        onPointerDown={(event: React.PointerEvent<HTMLCanvasElement>) => {
          const context = event.currentTarget.getContext('2d');
          if (!context) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const { x, y } = point(event);
          context.beginPath();
          context.moveTo(x, y);
        }}
        onPointerMove={(event: React.PointerEvent<HTMLCanvasElement>) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext('2d');
          const { x, y } = point(event);
          context?.lineTo(x, y);
          context?.stroke();
          drawn.current = true;
        }}
        onPointerUp={(event: React.PointerEvent<HTMLCanvasElement>) => {
          drawing.current = false;
          if (drawn.current) onChange(event.currentTarget.toDataURL('image/png'));
        }}
        sx={{ width: '100%', height: 180, border: '1px dashed #9aa7b4', borderRadius: 2, bgcolor: '#fff', touchAction: 'none', display: 'block' }}
      />
      <Button
        size="small"
        sx={{ mt: 0.5 }}
        onClick={() => {
          const element = canvas.current;
          element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
          drawn.current = false;
          onChange(null);
        }}
      >
        Clear
      </Button>
    </Box>
  );
}
