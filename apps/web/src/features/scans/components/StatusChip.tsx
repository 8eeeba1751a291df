import Chip from '@mui/material/Chip';
import type { ScanStatus } from '@scanbase/contracts/scanner';
import { resultInfo } from '../scan-format';

/** A scan's result as a green / red / grey chip (the word carries the meaning, not the colour alone). */
export function StatusChip({ status, dense = false }: { status: ScanStatus; dense?: boolean }) {
  const info = resultInfo.find((item) => item.status === status) ?? resultInfo[2];
  return (
    <Chip
      size="small"
      label={info?.label}
      sx={{ bgcolor: info?.bg, color: info?.colour, fontWeight: 600, ...(dense ? { height: 20, fontSize: 12, '& .MuiChip-label': { px: 0.75 } } : {}) }}
    />
  );
}
