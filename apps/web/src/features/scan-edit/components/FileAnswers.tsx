import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FileAnswer } from '../scan-edit-form';
import { AnswerImage } from './AnswerImage';

/** Photos and signatures of a scan as thumbnails; a button opens the full image. They cannot be edited. */
export function FileAnswers({ files }: { files: readonly FileAnswer[] }) {
  const [open, setOpen] = useState<FileAnswer | null>(null);
  const titleId = useId();
  if (files.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2">Photos and signatures</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        These cannot be changed here.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        {files.map((file) => (
          <Paper key={file.answerId} component="li" variant="outlined" sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
            <AnswerImage answerId={file.answerId} thumbnail alt={`${file.questionText} (answer ${file.answerId})`} maxHeight={140} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.questionText}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => setOpen(file)} aria-label={`Open ${file.questionText} full size`}>
              Full size
            </Button>
          </Paper>
        ))}
      </Box>
      <Dialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>{open?.questionText}</DialogTitle>
        <DialogContent>{open ? <AnswerImage answerId={open.answerId} thumbnail={false} alt={open.questionText} maxHeight="70vh" /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
