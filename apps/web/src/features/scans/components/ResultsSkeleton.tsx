import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

/** Grey rows where the scans will be, while the first page loads. */
export function ResultsSkeleton({ rows = 8, dense = false }: { rows?: number; dense?: boolean }) {
  return (
    <Paper variant="outlined" role="status" aria-label="Loading scans" sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: dense ? 0.5 : 1 }}>
          <Skeleton variant="rounded" width={64} height={22} />
          <Skeleton variant="text" sx={{ flexGrow: 1, fontSize: dense ? 14 : 16 }} />
          <Skeleton variant="text" width="18%" sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Skeleton variant="text" width="14%" />
        </Box>
      ))}
    </Paper>
  );
}
