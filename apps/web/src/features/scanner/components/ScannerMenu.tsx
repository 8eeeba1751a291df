import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { appCustomHref, deviceLookupHref, mapViewHref } from '../scanner-links';

type Props = {
  canChangeService: boolean;
  onChangeService: () => void;
  onSignOut: () => void;
  /** On a table-builder service: the table (`/app-custom`) and this device's rows (`/device-lookup`). */
  table?: { tableId: number; deviceId: number } | undefined;
};

/** The scanner's menu: change service, the map of one's own scans, help, hardware scanner set-up, sign out. */
export function ScannerMenu({ canChangeService, onChangeService, onSignOut, table }: Props) {
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
        {table ? (
          <MenuItem component={RouterLink} href={appCustomHref(table.tableId)} onClick={close}>
            Open the table
          </MenuItem>
        ) : null}
        {table ? (
          <MenuItem component={RouterLink} href={deviceLookupHref(table.tableId, table.deviceId)} onClick={close}>
            Rows this device scanned
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
