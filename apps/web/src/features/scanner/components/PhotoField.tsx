import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

const MAX_SIDE = 1600;

/** A photo scaled down to at most 1600 px on its long side, as a JPEG data URL (keeps uploads small on phones). */
async function shrink(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** A photo from the camera (or the gallery) through a file input with `capture`. */
export function PhotoField({ label, image, onChange }: { label: string; image: string | undefined; onChange: (image: string | null) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box>
      <Button component="label" variant="outlined" startIcon={<PhotoCameraOutlined />} sx={{ py: 1.25 }}>
        {image ? 'Take another photo' : 'Take a photo'}
        <input
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setProblem(null);
            shrink(file)
              .then(onChange)
              .catch(() => setProblem('That file could not be read as an image.'));
          }}
        />
      </Button>
      {image ? <Box component="img" src={image} alt="The photo taken" sx={{ display: 'block', mt: 1, maxWidth: '100%', maxHeight: 220, borderRadius: 2 }} /> : null}
      {problem ? (
        <Typography color="error" sx={{ fontSize: 14, mt: 0.5 }}>
          {problem}
        </Typography>
      ) : null}
    </Box>
  );
}
