import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useRouterState } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useSession } from '../../session/useSession';
import { RouterLink } from '../../ui/RouterLink';
import { checkAccess } from '../guards';
import { hrefFor } from '../route-paths';
import { routesByName } from '../route-table';
import { navGroups, type NavIcon } from './nav-items';

export const DRAWER_WIDTH = 264;

const icons: Record<NavIcon, ReactElement> = {
  start: <FlagOutlined />,
  dashboard: <InsightsOutlined />,
  services: <QrCodeScannerOutlined />,
  specialized: <AutoAwesomeOutlined />,
  scans: <ViewListOutlined />,
  databases: <StorageOutlined />,
  questions: <HelpOutlineOutlined />,
  users: <PeopleOutlined />,
  devices: <DevicesOutlined />,
  tasks: <EventRepeatOutlined />,
  barcodes: <QrCode2Outlined />,
  api: <ApiOutlined />,
  integrations: <ExtensionOutlined />,
  links: <LinkOutlined />,
  billing: <AccountBalanceWalletOutlined />,
  plan: <DataUsageOutlined />,
  customize: <PaletteOutlined />,
  settings: <SettingsOutlined />,
  team: <AdminPanelSettingsOutlined />,
};

type Props = { variant: 'permanent' | 'temporary'; open: boolean; onClose: () => void };

/** The navigation drawer: every admin area the signed-in person may open, grouped. */
export function NavDrawer({ variant, open, onClose }: Props) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { session } = useSession();
  const access = session.access();

  const content = (
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: 'auto', pb: 2 }}>
      {/* The app bar stays above the drawer in both variants, so the list starts below it. */}
      <Toolbar />
      {navGroups.map((group) => {
        const items = group.items.filter((item) => {
          const def = routesByName.get(item.route);
          return def !== undefined && checkAccess(def.meta, access) === 'allow';
        });
        if (items.length === 0) return null;
        return (
          <List
            key={group.heading}
            dense
            subheader={
              <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, fontWeight: 600, textTransform: 'uppercase', fontSize: 12, letterSpacing: '0.06em' }}>
                {group.heading}
              </ListSubheader>
            }
          >
            {items.map((item) => {
              const def = routesByName.get(item.route);
              const selected = pathname.startsWith(item.activePrefix);
              return (
                <ListItem key={item.route} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    href={def ? hrefFor(def) : '/'}
                    selected={selected}
                    onClick={variant === 'temporary' ? onClose : undefined}
                    data-tour={item.tourId}
                    aria-current={selected ? 'page' : undefined}
                    sx={{
                      mx: 1,
                      flexGrow: 1,
                      borderRadius: 2,
                      '&.Mui-selected': { bgcolor: 'custom.appBackground', color: 'primary.dark' },
                      '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
                    }}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>{icons[item.icon]}</ListItemIcon>
                    <ListItemText primary={item.label} slotProps={{ primary: { fontSize: 14, fontWeight: selected ? 600 : 500 } }} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        );
      })}
    </Box>
  );

  return (
    <Drawer
      variant={variant}
      open={variant === 'permanent' ? true : open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: variant === 'permanent' ? DRAWER_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: '1px solid #e3e8ef' },
      }}
    >
      {content}
    </Drawer>
  );
}
