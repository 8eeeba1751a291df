import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicBranding } from '@scanbase/contracts/branding';
import type { ReactNode } from 'react';
import { brandBar } from '../../branding/branding-theme';

/** The scanner's top bar: brand colour (the account's, with readable text), its logo, the title (service or app name) and actions on the right. */
export function ScannerBar({ title, subtitle, branding = null, children }: { title: string; subtitle?: string; branding?: PublicBranding | null; children?: ReactNode }) {
  const colours = branding ? brandBar(branding) : { bgcolor: 'primary.main', color: '#fff' };
  return (
    <Box component="header" data-testid="scanner-bar" sx={{ ...colours, px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 60, position: 'sticky', top: 0, zIndex: 10 }}>
      {branding?.logoUrl ? <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 32, maxWidth: 96, objectFit: 'contain' }} /> : <QrCodeScannerOutlined aria-hidden sx={{ fontSize: 28 }} />}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography component="h1" sx={{ fontSize: 18, fontWeight: 700, lineHeight: 1.2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography sx={{ fontSize: 13, opacity: 0.9, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{subtitle}</Typography>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}
