import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';

/** Grey placeholder rows while a list loads; announced as `label` to screen readers. */
export function ListSkeleton({ label, rows = 3, height = 56 }: { label: string; rows?: number; height?: number }) {
  return (
    <Box role="status" aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Box>
  );
}
