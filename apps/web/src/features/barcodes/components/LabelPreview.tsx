import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useBarcodePreview } from '../hooks/useBarcodePreview';

type Props = { value: string | null; symbology: string; showValue: boolean };

/** The first label of the sheet, drawn by the server as the inputs change. */
export function LabelPreview({ value, symbology, showValue }: Props) {
  const preview = useBarcodePreview(value === null ? null : { value, symbology, showValue });
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ display: 'flex', width: '100%', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">Preview of the first label</Typography>
        {preview.pending ? <CircularProgress size={16} aria-label="Updating the preview" /> : null}
      </Box>
      <Box
        sx={{
          width: '100%',
          minHeight: 200,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: '#fff',
          border: '1px dashed #cfd8e3',
          borderRadius: 1,
          p: 2,
        }}
      >
        {value === null ? (
          <Typography color="text.secondary" align="center">
            Enter a value or a range to see the label.
          </Typography>
        ) : preview.error ? (
          <Typography color="error" align="center" role="alert">
            {preview.error.message}
          </Typography>
        ) : preview.dataUrl ? (
          <Box component="img" src={preview.dataUrl} alt={`Barcode preview of ${value}`} sx={{ maxWidth: '100%', maxHeight: 240, imageRendering: 'pixelated', opacity: preview.pending ? 0.6 : 1 }} />
        ) : (
          <CircularProgress size={28} aria-label="Drawing the preview" />
        )}
      </Box>
      {value !== null && !showValue ? (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
          {value}
        </Typography>
      ) : null}
    </Paper>
  );
}
