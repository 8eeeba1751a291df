import Chip from '@mui/material/Chip';
import type { AttendanceStatus } from '@scanbase/contracts/attendance';
import { statusColours, statusLabels } from '../attendance-format';

/** A mark's status as a small coloured chip ("Not marked" when there is none). */
export function StatusChip({ status }: { status: AttendanceStatus | null }) {
  if (status === null) return <Chip size="small" variant="outlined" label="Not marked" />;
  return <Chip size="small" color={statusColours[status]} label={statusLabels[status]} />;
}
