import FiberNewOutlined from '@mui/icons-material/FiberNewOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { plural } from '../scan-format';

/** "3 new scans — show": scans that arrived and match, while the page stays still (another page or another order). */
export function NewScansChip({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Box component="span" aria-live="polite">
      {count > 0 ? <Chip color="primary" icon={<FiberNewOutlined />} label={`${plural(count, 'new scan')} — show`} onClick={onShow} sx={{ fontWeight: 600 }} /> : null}
    </Box>
  );
}
