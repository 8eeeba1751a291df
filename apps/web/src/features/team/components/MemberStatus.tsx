import Chip from '@mui/material/Chip';

/** "Active" (green) or "Invited" (amber: has not accepted yet). */
export function MemberStatus({ status }: { status: 'active' | 'invited' }) {
  if (status === 'invited') return <Chip size="small" label="Invited" sx={{ bgcolor: '#fff4e5', color: '#8a4b00' }} />;
  return <Chip size="small" label="Active" sx={{ bgcolor: 'custom.chipGreen', color: 'custom.chipGreenText' }} />;
}
