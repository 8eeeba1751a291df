import Chip from '@mui/material/Chip';
import type { ScanStatus } from '@scanbase/contracts/scanner';

const look: Record<ScanStatus, { label: string; bg: string; color: string }> = {
  1: { label: 'Valid', bg: '#e8f5e9', color: '#1b5e20' },
  0: { label: 'Invalid', bg: '#fdecea', color: '#b71c1c' },
  [-1]: { label: 'Recorded', bg: '#eef2f6', color: '#3d4a5c' },
};

/** A scan's status as a green / red / grey chip (the word carries the meaning, not the colour alone). */
export function ScanStatusChip({ status }: { status: ScanStatus }) {
  const { label, bg, color } = look[status];
  return <Chip size="small" label={label} sx={{ bgcolor: bg, color, fontWeight: 600 }} />;
}
