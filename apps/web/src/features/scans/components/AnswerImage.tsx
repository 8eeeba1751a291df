import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useInView } from '../hooks/useInView';
import { useObjectUrl } from '../hooks/useObjectUrl';
import { useScanImage } from '../hooks/useScanImage';

type Props = {
  answerId: number;
  alt: string;
  thumbnail?: boolean;
  fit?: 'cover' | 'contain';
  /** The frame: 72 px square by default; the gallery's tiles fill their column (`square`), the full-size view its dialog. */
  width?: number | string;
  height?: number | string;
  square?: boolean;
  background?: string;
  radius?: number;
};

/** A photo or signature answer, fetched with the session (`scans/file`) once it is near the screen. */
export function AnswerImage({ answerId, alt, thumbnail = true, fit = 'cover', width = 72, height = 72, square = false, background = '#f0f3f7', radius = 1 }: Props) {
  const [frame, seen] = useInView<HTMLDivElement>();
  const image = useScanImage(answerId, thumbnail, seen);
  const img = useObjectUrl<HTMLImageElement>(image.data);
  return (
    <Box ref={frame} sx={{ width, height: square ? 'auto' : height, aspectRatio: square ? '1' : undefined, flexShrink: 0, borderRadius: radius, overflow: 'hidden', bgcolor: background, display: 'grid', placeItems: 'center', position: 'relative' }}>
      {image.isError ? (
        <BrokenImageOutlined color="disabled" titleAccess={`${alt}: the image did not load`} />
      ) : image.data ? (
        <Box component="img" ref={img} alt={alt} sx={{ width: '100%', height: '100%', objectFit: fit, display: 'block', transition: 'transform 160ms' }} />
      ) : (
        <Skeleton variant="rectangular" width="100%" height="100%" aria-label={`Loading ${alt}`} />
      )}
    </Box>
  );
}
