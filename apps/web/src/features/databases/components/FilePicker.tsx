import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

type Props = { busy: boolean; onFile: (file: File) => void; accept?: string; children?: ReactNode };

/** A drop zone with a "Choose a file" button (keyboard: the button opens the file dialog). */
export function FilePicker({ busy, onFile, accept = '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', children }: Props) {
  const [over, setOver] = useState(false);
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !busy) onFile(file);
      }}
      sx={{ border: '2px dashed', borderColor: over ? 'primary.main' : '#c5d0dc', bgcolor: over ? 'custom.appBackground' : '#fbfcfe', borderRadius: 2, p: { xs: 3, sm: 4 }, textAlign: 'center' }}
    >
      <UploadFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography sx={{ mt: 1, fontWeight: 600 }}>Drop a CSV or Excel (.xlsx) file here</Typography>
      {children ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
          {children}
        </Typography>
      ) : null}
      <Button component="label" variant="contained" sx={{ mt: 2 }} disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
        {busy ? 'Reading the file…' : 'Choose a file'}
        <input
          type="file"
          hidden
          accept={accept}
          aria-label="File to import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </Button>
    </Box>
  );
}
