import Chip from '@mui/material/Chip';

const look: Record<string, { label: string; bg: string; color: string }> = {
  '1': { label: 'Valid', bg: '#e8f5e9', color: '#1b5e20' },
  '0': { label: 'Invalid', bg: '#fdecea', color: '#b71c1c' },
  '-1': { label: 'Not validated', bg: '#eef2f6', color: '#3d4a5c' },
};

/** A scan's or a value's status in words on a coloured chip. */
export function ScanStatusChip({ status, labels }: { status: number; labels?: Partial<Record<'1' | '0' | '-1', string>> }) {
  const key = String(status) as '1' | '0' | '-1';
  const l = look[key] ?? look['-1']!;
  return <Chip size="small" label={labels?.[key] ?? l.label} sx={{ bgcolor: l.bg, color: l.color, fontWeight: 600 }} />;
}
