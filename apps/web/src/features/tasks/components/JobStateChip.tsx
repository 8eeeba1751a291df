import Chip from '@mui/material/Chip';
import type { JobStateName } from '@scanbase/contracts/tasks';

const look: Record<JobStateName, { label: string; bg: string; color: string }> = {
  queued: { label: 'Queued', bg: '#eef2f6', color: '#3d4a5c' },
  running: { label: 'Running', bg: '#e3f2fd', color: '#0d47a1' },
  succeeded: { label: 'Succeeded', bg: '#e8f5e9', color: '#1b5e20' },
  failed: { label: 'Failed', bg: '#fdecea', color: '#b71c1c' },
  cancelled: { label: 'Cancelled', bg: '#fff4e5', color: '#8a4b00' },
};

/** A run's state as a coloured chip (text, not colour alone, carries the meaning). */
export function JobStateChip({ state }: { state: JobStateName | null }) {
  if (state === null) return <Chip size="small" label="Never run" variant="outlined" />;
  const { label, bg, color } = look[state];
  return <Chip size="small" label={label} sx={{ bgcolor: bg, color, fontWeight: 600 }} />;
}

/** A run state in words. */
export function jobStateLabel(state: JobStateName): string {
  return look[state].label;
}
