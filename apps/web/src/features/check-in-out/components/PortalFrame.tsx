import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { appSignOut } from '@scanbase/contracts/scanner';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Logo } from '../../../ui/Logo';
import { RouterLink } from '../../../ui/RouterLink';
import { usePortal } from '../../portal/hooks/usePortal';
import { portalQueryClient } from '../portal-query';

/** The frame of the check-in/out portal: the logo, who is signed in, sign out (never a link to the admin area), and the portal's query cache. */
export function PortalFrame({ children }: { children: ReactNode }) {
  const { user, client, session } = usePortal('checkinout');
  const signOut = async () => {
    await client.call(appSignOut, {}).catch(() => undefined);
    await session.signOut();
    window.location.assign('/checkinout/signin/');
  };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'custom.appBackground' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1.5, sm: 3 }, py: 1.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box component={RouterLink} href="/checkinout/" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, textDecoration: 'none', color: 'text.primary', minWidth: 0 }}>
          <Logo size={26} />
          <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            Check in/out
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
            {user.username}
          </Typography>
        ) : null}
        <Button variant="outlined" size="small" onClick={() => void signOut()} sx={{ flexShrink: 0 }}>
          Sign out
        </Button>
      </Box>
      <Box component="main" sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 4 } }}>
        <QueryClientProvider client={portalQueryClient()}>{children}</QueryClientProvider>
      </Box>
    </Box>
  );
}
