import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { Direction } from '../check-in-out';

type Props = { value: string; onChoose: (direction: Direction) => void; onCancel: () => void };

/** Confirm mode: two big buttons, In or Out, for the scanned value (keys I and O, Escape to cancel). */
export function DirectionPrompt({ value, onChoose, onCancel }: Props) {
  const choose = useRef(onChoose);
  const cancel = useRef(onCancel);
  useEffect(() => {
    choose.current = onChoose;
    cancel.current = onCancel;
  });
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'i') choose.current('in');
      else if (key === 'o') choose.current('out');
      else if (key === 'escape') cancel.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, []);
  const big = { py: 4, fontSize: 28, fontWeight: 800, gap: 1.5, color: '#fff', '& svg': { fontSize: 36 } } as const;
  return (
    <Box component="section" aria-labelledby="direction-title" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}>
      <div>
        <Typography id="direction-title" variant="h2">
          In or out?
        </Typography>
        <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>{value}</Typography>
      </div>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Button variant="contained" autoFocus onClick={() => onChoose('in')} aria-keyshortcuts="I" sx={{ ...big, bgcolor: '#1b8a3a', '&:hover': { bgcolor: '#146c2d' } }}>
          <LoginOutlined aria-hidden /> Check in
        </Button>
        <Button variant="contained" onClick={() => onChoose('out')} aria-keyshortcuts="O" sx={{ ...big, bgcolor: '#1c4f9c', '&:hover': { bgcolor: '#163f7d' } }}>
          <LogoutOutlined aria-hidden /> Check out
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: 14 }}>
        Keys: I for in, O for out, Escape to cancel.
      </Typography>
      <Button variant="outlined" onClick={onCancel} sx={{ justifySelf: 'start' }}>
        Cancel this scan
      </Button>
    </Box>
  );
}
