import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Logo } from '../../../ui/Logo';
import { RouterLink } from '../../../ui/RouterLink';
import type { DocsPage } from '../docs-pages';
import type { SearchEntry } from '../docs-search';
import { ApiDocsNav } from './ApiDocsNav';
import { DocsSearch } from './DocsSearch';

type Props = {
  pages: readonly DocsPage[];
  current: string | undefined;
  searchEntries: readonly SearchEntry[];
  signedIn: boolean;
  /** The V2 pages give their whole width to the reference (which has its own menu): our navigation is a drawer there. */
  wide: boolean;
  children: ReactNode;
};

const NAV_WIDTH = 260;

/** The documentation's frame: a header with search, the navigation (a column on wide screens, a drawer on phones) and the page. */
export function ApiDocsFrame({ pages, current, searchEntries, signedIn, wide, children }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const menuEverywhere = wide;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1.5, minHeight: 64, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
          <IconButton edge="start" aria-label="Open the documentation menu" onClick={() => setOpen(true)} sx={{ display: menuEverywhere ? 'inline-flex' : { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Box component={RouterLink} href="/apidocs/" sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'inherit' }}>
            <Logo size={26} />
            <Typography sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' } }}>API docs</Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Box sx={{ order: { xs: 3, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}>
            <DocsSearch entries={searchEntries} />
          </Box>
          <Button component={RouterLink} href={signedIn ? '/account/dashboard/' : '/signin'} variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {signedIn ? 'Open Scanbase' : 'Sign in'}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={close} slotProps={{ paper: { sx: { width: NAV_WIDTH + 20 } } }}>
        <ApiDocsNav pages={pages} current={current} onNavigate={close} />
      </Drawer>
      <Box sx={{ display: 'flex' }}>
        {!menuEverywhere && (
          <Box
            sx={{
              display: { xs: 'none', md: 'block' },
              width: NAV_WIDTH,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              position: 'sticky',
              top: 64,
              alignSelf: 'flex-start',
              maxHeight: 'calc(100vh - 64px)',
              overflowY: 'auto',
            }}
          >
            <ApiDocsNav pages={pages} current={current} />
          </Box>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, ...(menuEverywhere ? {} : { px: { xs: 2, sm: 4 }, py: 3, maxWidth: 1000 }) }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
