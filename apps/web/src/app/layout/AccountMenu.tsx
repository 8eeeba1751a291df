import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../session/useSession';
import { RouterLink } from '../../ui/RouterLink';

function initials(name: string, fallback: string): string {
  const parts = (name || fallback).trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

const roleLabels: Record<string, string> = { owner: 'Owner', admin: 'Administrator', billing_admin: 'Billing administrator' };

/** The app bar's account button: who is signed in, profile links and sign-out. */
export function AccountMenu() {
  const { session, user } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const role = session.roles[0] ?? '';

  const signOut = async () => {
    setSigningOut(true);
    setAnchor(null);
    await session.signOut();
    await navigate({ href: '/signin' });
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={`Account menu, ${initials(user?.name ?? '', user?.username ?? '')}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-tour="account-menu"
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'common.white', color: 'primary.main', fontSize: 14, fontWeight: 700 }}>
            {initials(user?.name ?? '', user?.username ?? '')}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {user?.name || user?.username || 'Signed in'}
          </Typography>
          {user?.username ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.username}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" noWrap>
            {[user?.account, roleLabels[role] ?? role].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} href="/account/userprofile/" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          Your profile
        </MenuItem>
        {role === 'owner' ? (
          <MenuItem component={RouterLink} href="/account/changepassword/" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <KeyOutlined fontSize="small" />
            </ListItemIcon>
            Change password
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem onClick={() => void signOut()} disabled={signingOut}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
