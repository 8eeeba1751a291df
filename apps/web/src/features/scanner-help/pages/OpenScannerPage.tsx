import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { InstallSteps } from '../components/InstallSteps';
import { QrCode } from '../components/QrCode';
import { useCopyText } from '../hooks/useCopyText';
import { installPlatform, scannerAddress } from '../install-platform';

/**
 * /aayor/: where an app user lands from an invitation mail or a poster's QR code: open the scanner on this phone,
 * or on another one with the QR code, and keep it on the home screen. Scanbase's own branding (docs/SCANNER-HELP.md).
 */
export function OpenScannerPage() {
  const address = useMemo(() => scannerAddress(window.location.origin), []);
  const platform = useMemo(() => installPlatform(navigator.userAgent, navigator.maxTouchPoints), []);
  const { state, copy } = useCopyText();
  return (
    <PublicFrame width={760}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          Scan with Scanbase
        </Typography>
        <Typography sx={{ mb: 3, maxWidth: 520, mx: 'auto' }}>
          The Scanbase scanner runs in your phone’s browser: nothing to download from an app store. Sign in with the username and password your administrator
          gave you, and scan with the camera or a hardware scanner.
        </Typography>
        <Button
          component={RouterLink}
          href="/scanner"
          variant="contained"
          size="large"
          startIcon={<QrCodeScannerOutlined />}
          sx={{ width: { xs: '100%', sm: 'auto' }, px: 5, py: 2, fontSize: 19, borderRadius: 3 }}
        >
          Open the scanner on this phone
        </Button>
      </Box>

      <Box component="section" aria-labelledby="other-phone-title" sx={{ mt: 5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr)' }, gap: 3, alignItems: 'center' }}>
        <Box sx={{ justifySelf: 'center' }}>
          <QrCode text={address} />
        </Box>
        <Box>
          <Typography id="other-phone-title" variant="h2" sx={{ fontSize: 21, fontWeight: 700, mb: 1 }}>
            On another phone
          </Typography>
          <Typography sx={{ mb: 1.5 }}>Point that phone’s camera at this QR code and open the link it shows, or type this address in its browser:</Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 17, fontWeight: 600, overflowWrap: 'anywhere', mb: 1.5 }} data-testid="scanner-address">
            {address}
          </Typography>
          <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy(address)}>
            Copy the address
          </Button>
          <Typography role="status" sx={{ mt: 1, fontSize: 14, minHeight: 20, color: state === 'failed' ? 'error.main' : 'success.dark' }}>
            {state === 'copied' ? 'Copied.' : state === 'failed' ? 'This browser did not allow copying: select the address and copy it.' : ''}
          </Typography>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="install-title" sx={{ mt: 4 }}>
        <Typography id="install-title" variant="h2" sx={{ fontSize: 21, fontWeight: 700, mb: 1 }}>
          Keep it on your home screen
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Added to the home screen, the scanner opens full screen like an app, and starts even without a connection: scans wait on the phone until it is back.
        </Typography>
        <InstallSteps first={platform} />
      </Box>

      <Box component="section" aria-labelledby="help-title" sx={{ mt: 4 }}>
        <Typography id="help-title" variant="h2" sx={{ fontSize: 21, fontWeight: 700, mb: 1 }}>
          Help
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& > li': { mb: 0.75 } }}>
          <li>
            <Link component={RouterLink} href="/app/1.0/more/apphelp">
              Scanner app help
            </Link>
            : signing in, camera tips, working offline, and what the result colours mean.
          </li>
          <li>
            <Link component={RouterLink} href="/app/1.0/more/sd-pro">
              Set up a hardware scanner
            </Link>
            : USB, Bluetooth ring and sled scanners, with a test.
          </li>
        </Box>
      </Box>
    </PublicFrame>
  );
}
