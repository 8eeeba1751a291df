import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; title: string; children: ReactNode; onClear?: () => void; phone: boolean };

/** The side panel (a bottom sheet on phones) holding the filters that do not fit in the bar. */
export function FilterDrawer({ open, onClose, title, children, onClear, phone }: Props) {
  const titleId = useId();
  return (
    <Drawer
      anchor={phone ? 'bottom' : 'right'}
      open={open}
      onClose={onClose}
      // Above the app bar (which sits above the navigation drawer), so the panel's heading shows.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: phone ? '100%' : 400, maxHeight: phone ? '92vh' : '100%', borderTopLeftRadius: phone ? 12 : 0, borderTopRightRadius: phone ? 12 : 0 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }}>
        <Typography id={titleId} variant="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close the filters" edge="end">
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>{children}</Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider', position: 'sticky', bottom: 0, bgcolor: 'background.paper', mt: 'auto' }}>
        {onClear ? <Button onClick={onClear}>Clear filters</Button> : null}
        <Button variant="contained" onClick={onClose}>
          Show scans
        </Button>
      </Box>
    </Drawer>
  );
}
