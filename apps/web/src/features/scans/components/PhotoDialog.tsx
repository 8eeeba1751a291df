import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScanPhoto } from '@scanbase/contracts/scan-data';
import { useId } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { formatScanDateTime } from '../scan-format';
import { AnswerImage } from './AnswerImage';
import { editScanHref } from './ScanTable';
import { StatusChip } from './StatusChip';

type Props = { photos: readonly ScanPhoto[]; index: number | null; onIndex: (index: number | null) => void; timeZone: string };

/** The full-size photo with its scan; ← and → (or the buttons) move through the page, Escape closes. */
export function PhotoDialog({ photos, index, onIndex, timeZone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const photo = index === null ? undefined : photos[index];
  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  return (
    <Dialog
      open={photo !== undefined}
      onClose={() => onIndex(null)}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        else if (event.key === 'ArrowRight') go(1);
      }}
      slotProps={{ paper: { sx: { bgcolor: '#111', color: '#fff' } } }}
    >
      {photo && index !== null ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: phone ? '100%' : '86vh' }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 2, py: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <Box sx={{ flexGrow: 1, minWidth: 0, order: 0, width: { xs: 'calc(100% - 56px)', sm: 'auto' } }}>
              <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {photo.questionText}: <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>{photo.value}</Box>
              </Typography>
              <Typography variant="body2" sx={{ color: 'rgba(255,255,255,.7)' }}>
                {formatScanDateTime(photo.scannedAt, timeZone)} · {photo.serviceName}
                {photo.userName ? ` · ${photo.userName}` : ''}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, order: { xs: 2, sm: 1 }, flexShrink: 0 }}>
              <Typography variant="body2" sx={{ color: 'rgba(255,255,255,.7)', whiteSpace: 'nowrap' }} aria-live="polite">
                {index + 1} of {photos.length}
              </Typography>
              <StatusChip status={photo.status} />
              <Button size="small" variant="outlined" color="inherit" startIcon={<EditOutlined />} component={RouterLink} href={editScanHref(photo.scanId)}>
                Edit scan
              </Button>
            </Box>
            <IconButton color="inherit" onClick={() => onIndex(null)} aria-label="Close" sx={{ order: { xs: 1, sm: 2 }, mt: -0.5 }}>
              <CloseOutlined />
            </IconButton>
          </Box>
          <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', px: { xs: 0, sm: 7 }, pb: 2 }}>
            <AnswerImage key={photo.answerId} answerId={photo.answerId} alt={`${photo.questionText} for ${photo.value}`} thumbnail={false} fit="contain" width="100%" height="100%" radius={0} background={photo.kind === 'signature' ? '#fff' : 'transparent'} />
            <IconButton onClick={() => go(-1)} disabled={index === 0} aria-label="Previous photo" sx={{ position: 'absolute', left: 8, color: '#fff', bgcolor: 'rgba(0,0,0,.45)', '&:hover': { bgcolor: 'rgba(0,0,0,.65)' }, '&.Mui-disabled': { display: 'none' } }}>
              <ChevronLeft fontSize="large" />
            </IconButton>
            <IconButton onClick={() => go(1)} disabled={index === photos.length - 1} aria-label="Next photo" sx={{ position: 'absolute', right: 8, color: '#fff', bgcolor: 'rgba(0,0,0,.45)', '&:hover': { bgcolor: 'rgba(0,0,0,.65)' }, '&.Mui-disabled': { display: 'none' } }}>
              <ChevronRight fontSize="large" />
            </IconButton>
          </Box>
        </Box>
      ) : null}
    </Dialog>
  );
}
