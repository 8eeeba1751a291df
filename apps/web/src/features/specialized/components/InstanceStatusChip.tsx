import Chip from '@mui/material/Chip';

/** Whether an instance takes scans now (outside its active period it refuses them). */
export function InstanceStatusChip({ status }: { status: 'active' | 'inactive' }) {
  return status === 'active' ? (
    <Chip size="small" label="Active" sx={{ bgcolor: 'custom.chipGreen', color: 'custom.chipGreenText', fontWeight: 600 }} />
  ) : (
    <Chip size="small" label="Not active now" sx={{ bgcolor: 'custom.chipRed', color: 'custom.chipRedText', fontWeight: 600 }} />
  );
}
