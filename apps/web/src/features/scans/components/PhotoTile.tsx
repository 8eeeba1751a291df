import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ScanPhoto } from '@scanbase/contracts/scan-data';
import { formatShortTime, statusColour, statusLabel } from '../scan-format';
import { AnswerImage } from './AnswerImage';

type Props = { photo: ScanPhoto; timeZone: string; onOpen: () => void };

/** One thumbnail of the gallery with its caption (question, value, time); opens the full-size view. */
export function PhotoTile({ photo, timeZone, onOpen }: Props) {
  const alt = `${photo.questionText} for ${photo.value}`;
  return (
    <Box component="li" sx={{ listStyle: 'none', minWidth: 0 }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={`Open ${photo.kind} ${alt}`}
        sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'background.paper', '&:hover img': { transform: 'scale(1.03)' }, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' } }}
      >
        <AnswerImage answerId={photo.answerId} alt={alt} fit={photo.kind === 'signature' ? 'contain' : 'cover'} width="100%" square radius={0} background={photo.kind === 'signature' ? '#fff' : '#f0f3f7'} />
        <Box sx={{ p: 1, borderTop: 3, borderColor: statusColour(photo.status) }}>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {photo.questionText}
          </Typography>
          <Typography noWrap sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 600, fontSize: 14 }} title={`${photo.value} (${statusLabel(photo.status)})`}>
            {photo.value}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {formatShortTime(photo.scannedAt, timeZone)}
            {photo.userName ? ` · ${photo.userName}` : ''}
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}
