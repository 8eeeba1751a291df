import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { mapViewHref } from '../scanner-links';

type Props = { canChangeService: boolean; onChangeService: () => void; onSignOut: () => void };

/** The scanner's menu: change service, the map of one's own scans, help, hardware scanner set-up, sign out. */
export function ScannerMenu({ canChangeService, onChangeService, onSignOut }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton aria-label="Scanner menu" onClick={(event) => setAnchor(event.currentTarget)} sx={{ color: '#fff' }}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {canChangeService ? (
          <MenuItem
            onClick={() => {
              close();
              onChangeService();
            }}
          >
            Change service
          </MenuItem>
        ) : null}
        <MenuItem component={RouterLink} href={mapViewHref()} onClick={close}>
          My scans map
        </MenuItem>
        <MenuItem component={RouterLink} href="/app/1.0/more/apphelp" onClick={close}>
          Help
        </MenuItem>
        <MenuItem component={RouterLink} href="/app/1.0/more/sd-pro" onClick={close}>
          Set up a hardware scanner
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
