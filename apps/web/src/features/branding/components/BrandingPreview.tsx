import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PublicBranding } from '@scanbase/contracts/branding';
import { brandBar } from '../branding-theme';
import { BrandTheme } from './BrandTheme';

/** A small mock of the scanner's sign-in screen and of the invitation mail, in the branding being edited. */
export function BrandingPreview({ branding }: { branding: PublicBranding }) {
  const bar = brandBar(branding);
  const logo = branding.logoUrl ? <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 28, maxWidth: 96, objectFit: 'contain' }} /> : <QrCodeScannerOutlined aria-hidden sx={{ fontSize: 24 }} />;
  return (
    <BrandTheme branding={branding}>
      <Box component="section" aria-label="Preview" sx={{ display: 'grid', gap: 2 }}>
        <Paper variant="outlined" sx={{ overflow: 'hidden', maxWidth: 320, mx: 'auto', width: '100%' }} data-testid="preview-scanner">
          <Typography sx={{ px: 1.5, py: 0.75, fontSize: 12, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>Scanner</Typography>
          <Box sx={{ ...bar, px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1 }} data-testid="preview-bar">
            {logo}
            <Typography sx={{ fontWeight: 700, fontSize: 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="preview-app-name">
              {branding.appName}
            </Typography>
          </Box>
          <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
            {branding.welcomeText ? <Typography sx={{ fontSize: 13, whiteSpace: 'pre-line' }}>{branding.welcomeText}</Typography> : null}
            <Box sx={{ height: 28, border: 1, borderColor: 'divider', borderRadius: 1 }} />
            <Box sx={{ height: 28, border: 1, borderColor: 'divider', borderRadius: 1 }} />
            <Box sx={{ ...bar, textAlign: 'center', py: 0.5, borderRadius: 1, fontSize: 13, fontWeight: 600 }}>Sign in</Box>
            {branding.footerText ? <Typography sx={{ fontSize: 12, color: 'text.secondary', textAlign: 'center', whiteSpace: 'pre-line' }}>{branding.footerText}</Typography> : null}
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="preview-mail">
          <Typography sx={{ px: 1.5, py: 0.75, fontSize: 12, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
            Mail: You are invited to scan with {branding.appName}
          </Typography>
          <Box sx={{ ...bar, px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700 }}>
            {branding.logoUrl ? <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 24, maxWidth: 80, objectFit: 'contain' }} /> : null}
            {branding.appName}
          </Box>
          <Box sx={{ p: 1.5, fontSize: 13, display: 'grid', gap: 1 }}>
            <Typography sx={{ fontSize: 13 }}>You have been added as a scanner user on {branding.appName}. Choose a password to sign in to the scanning app with this email address.</Typography>
            <Box sx={{ ...bar, justifySelf: 'start', px: 1.5, py: 0.5, borderRadius: 1, fontSize: 13 }}>Choose your password</Box>
            {branding.footerText ? <Typography sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'pre-line', borderTop: 1, borderColor: 'divider', pt: 1 }}>{branding.footerText}</Typography> : null}
          </Box>
        </Paper>
      </Box>
    </BrandTheme>
  );
}
