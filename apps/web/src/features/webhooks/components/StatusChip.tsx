import Chip from '@mui/material/Chip';

const tones = {
  ok: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  warn: { bgcolor: '#fff4e5', color: '#663c00' },
  error: { bgcolor: '#fdecea', color: '#8a1c1c' },
  neutral: { bgcolor: '#eceff1', color: '#37474f' },
} as const;

export type ChipTone = keyof typeof tones;

/** A small coloured word (state of a subscription or a delivery), dark text on a light tint for contrast. */
export function StatusChip({ label, tone }: { label: string; tone: ChipTone }) {
  return <Chip size="small" label={label} sx={{ ...tones[tone], fontWeight: 600, justifySelf: 'start' }} />;
}

/** The chip tone of a delivery status. */
export function deliveryTone(status: 'pending' | 'succeeded' | 'failed', attempts: number): ChipTone {
  if (status === 'succeeded') return 'ok';
  if (status === 'failed') return 'error';
  return attempts > 0 ? 'warn' : 'neutral';
}
