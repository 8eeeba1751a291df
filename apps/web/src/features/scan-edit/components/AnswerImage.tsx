import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useScanFile } from '../hooks/useScanFile';

type Props = { answerId: number; alt: string; thumbnail: boolean; maxHeight?: number | string };

/** A photo or signature answer: fetched as a blob, shown through an object URL that is released when the image goes. */
export function AnswerImage({ answerId, alt, thumbnail, maxHeight = 160 }: Props) {
  const file = useScanFile(answerId, thumbnail);
  const image = useRef<HTMLImageElement>(null);
  const blob = file.data;
  useEffect(() => {
    if (!blob || !image.current) return undefined;
    const url = URL.createObjectURL(blob);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  if (file.isPending) {
    return (
      <Box role="status" sx={{ height: 120, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={20} aria-label="Loading the image" />
      </Box>
    );
  }
  if (file.isError) {
    return (
      <Box role="alert" sx={{ height: 120, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 0.5, color: 'text.secondary', textAlign: 'center', px: 1 }}>
        <BrokenImageOutlined />
        <Typography variant="body2">The image did not load.</Typography>
        <Button size="small" onClick={() => void file.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  return <Box component="img" ref={image} alt={alt} sx={{ display: 'block', maxWidth: '100%', maxHeight, objectFit: 'contain', mx: 'auto', bgcolor: '#fff' }} />;
}
