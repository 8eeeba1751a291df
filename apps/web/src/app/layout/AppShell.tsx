import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOnline } from '../../api/useOnline';
import { defaultDateTimeFormats, setDateTimeFormats } from '../../features/scans/scan-format';
import { useSession } from '../../session/useSession';
import { Logo } from '../../ui/Logo';
import { RouterLink } from '../../ui/RouterLink';
import { QueryLayer } from '../QueryLayer';
import { useServices } from '../useServices';
import { AccountMenu } from './AccountMenu';
import { NavDrawer } from './NavDrawer';

// The quota banner (issue 15) loads with its own chunk, keeping the billing contracts out of the shell's.
const QuotaBanner = lazy(() => import('../../features/billing/components/QuotaBanner').then((m) => ({ default: m.QuotaBanner })));

/** The signed-in frame: app bar with the account menu, the navigation drawer (temporary below lg), the page. */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const online = useOnline();
  const { user, signedIn } = useSession();
  const { live } = useServices();
  // The account's date and time formats, before any page renders a time (idempotent, so safe during render).
  setDateTimeFormats(user ? { dateFormat: user.settings.dateFormat, timeFormat: user.settings.timeFormat } : defaultDateTimeFormats);
  const title = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.def?.meta.title });

  useEffect(() => {
    if (!signedIn) return;
    live.start();
    return () => live.stop();
  }, [live, signedIn]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {desktop ? null : (
            <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Box component={RouterLink} href="/account/services/" sx={{ display: 'flex', textDecoration: 'none', color: 'inherit' }} aria-label="Scanbase">
            <Logo inverted size={26} />
          </Box>
          {user?.account ? (
            <Typography variant="body2" noWrap sx={{ opacity: 0.9, ml: 1, display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>
              {user.account}
            </Typography>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          {online ? null : (
            <Chip icon={<CloudOffOutlined />} label="Offline" size="small" sx={{ bgcolor: 'warning.light', color: 'warning.contrastText' }} role="status" />
          )}
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <NavDrawer variant={desktop ? 'permanent' : 'temporary'} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, pb: 4 }} aria-label={title}>
        <Toolbar />
        <Box sx={{ maxWidth: 1280, mx: 'auto', pt: { xs: 2, sm: 3 } }}>
          <QueryLayer>
            <Suspense fallback={null}>
              <QuotaBanner enabled={signedIn} />
            </Suspense>
            <Outlet />
          </QueryLayer>
        </Box>
      </Box>
    </Box>
  );
}
