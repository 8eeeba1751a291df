import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { RouterLink } from './RouterLink';

/**
 * The frame of public pages: light blue background, the logo, a centred card and a few footer links. `brand` and
 * `footer` replace Scanbase's logo and add a text under the card (an account's branding on the portals' sign-in).
 */
export function PublicFrame({ children, width = 440, brand, footer }: { children: ReactNode; width?: number; brand?: ReactNode; footer?: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'custom.appBackground',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      {brand ?? (
        <Box component={RouterLink} href="/home" sx={{ mb: 3, textDecoration: 'none' }} aria-label="Scanbase home">
          <Logo size={32} />
        </Box>
      )}
      <Paper variant="outlined" component="main" sx={{ width: '100%', maxWidth: width, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        {children}
      </Paper>
      {footer ? <Box sx={{ mt: 3, maxWidth: width }}>{footer}</Box> : null}
      <Box component="footer" sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center', fontSize: 14 }}>
        <Link component={RouterLink} href="/about" underline="hover" color="text.secondary">
          About
        </Link>
        <Link component={RouterLink} href="/app-contact" underline="hover" color="text.secondary">
          Contact
        </Link>
        <Link component={RouterLink} href="/signin" underline="hover" color="text.secondary">
          Sign in
        </Link>
      </Box>
    </Box>
  );
}
