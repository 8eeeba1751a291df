import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin moving bar while a page's code or guard is still loading (lighter than LinearProgress on the first page). */
export function PendingBar() {
  return (
    <Box role="progressbar" aria-label="Loading page" sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden', zIndex: 2000, bgcolor: 'rgba(33,150,243,0.2)' }}>
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1.1s ease-in-out infinite` }} />
    </Box>
  );
}
