import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { appSignOut } from '@scanbase/contracts/scanner';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { PortalFlow } from '../../../session/portal-flows';
import { Logo } from '../../../ui/Logo';
import { RouterLink } from '../../../ui/RouterLink';
import { usePortal } from '../hooks/usePortal';
import { portalQueryClientFor } from '../portal-query-clients';
import { setPortalRoute } from '../portal-services';

type Props = {
  flow: PortalFlow;
  /** The route shown (its prefix picks the sign-in a refused token leads to). */
  routeName: string;
  title: string;
  home: string;
  signInPath: string;
  links?: { href: string; label: string; current: boolean }[];
  children: ReactNode;
};

/** The frame of the user and task portals: logo and name, the portal's pages, who is signed in, sign out (never a link to the admin area). */
export function PortalShell({ flow, routeName, title, home, signInPath, links = [], children }: Props) {
  const { user, client, session } = usePortal(flow);
  useEffect(() => setPortalRoute(routeName), [routeName]);
  const signOut = async () => {
    await client.call(appSignOut, {}).catch(() => undefined);
    await session.signOut();
    window.location.assign(signInPath);
  };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'custom.appBackground' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, px: { xs: 1.5, sm: 3 }, py: 1.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box component={RouterLink} href={home} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, textDecoration: 'none', color: 'text.primary', minWidth: 0 }}>
          <Logo size={26} />
          <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {title}
          </Typography>
        </Box>
        {links.length > 0 ? (
          <Box component="nav" aria-label={title} sx={{ display: 'flex', gap: 2, ml: { xs: 0, sm: 2 }, order: { xs: 3, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}>
            {links.map((l) => (
              <Link key={l.href} component={RouterLink} href={l.href} aria-current={l.current ? 'page' : undefined} underline={l.current ? 'always' : 'hover'} sx={{ fontWeight: l.current ? 700 : 500 }}>
                {l.label}
              </Link>
            ))}
          </Box>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, maxWidth: 220, display: { xs: 'none', sm: 'block' } }}>
            {user.username}
          </Typography>
        ) : null}
        <Button variant="outlined" size="small" onClick={() => void signOut()} sx={{ flexShrink: 0 }}>
          Sign out
        </Button>
      </Box>
      <Box component="main" sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 4 } }}>
        <QueryClientProvider client={portalQueryClientFor(flow)}>{children}</QueryClientProvider>
      </Box>
    </Box>
  );
}
