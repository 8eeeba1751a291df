import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { plural } from '../scan-format';
import { editScanHref } from './ScanTable';

type Props = { ids: readonly number[]; onDelete: () => void; onClear: () => void };

/** What can be done with the ticked scans: edit (one), delete, or untick them. Export takes them too. */
export function SelectionBar({ ids, onDelete, onClear }: Props) {
  const only = ids.length === 1 ? ids[0] : undefined;
  return (
    <Box role="region" aria-label="Selected scans" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 1.5, py: 0.75, borderRadius: 1.5, bgcolor: '#e3f2fd' }}>
      <Typography sx={{ fontWeight: 600, mr: 1 }}>{plural(ids.length, 'scan')} selected</Typography>
      <Button
        size="small"
        startIcon={<EditOutlined />}
        component={RouterLink}
        href={only !== undefined ? editScanHref(only) : '#'}
        disabled={only === undefined}
        title={only === undefined ? 'Select one scan to edit it' : undefined}
      >
        Edit
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={onDelete}>
        Delete selected
      </Button>
      <Button size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Box>
  );
}
