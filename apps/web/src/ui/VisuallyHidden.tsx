import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Styles that keep text for screen readers while hiding it on screen (MUI's own lives in @mui/utils, not a dependency of the app). */
export const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** Text read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}
