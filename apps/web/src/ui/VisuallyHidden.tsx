import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Styles that keep text for screen readers while hiding it on screen (MUI's own lives in @mui/utils, not a dependency of
 * the app). `top`/`left` pin it to its containing block: left at its place in a table that scrolls inside its card, it
 * escaped the card's scrolling and made the whole page wider than a phone (Billing › Invoices at 390 px was 474 px).
 */
export const visuallyHidden = { position: 'absolute', top: 0, left: 0, width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** Text read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}
