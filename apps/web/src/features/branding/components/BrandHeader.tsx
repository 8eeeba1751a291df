import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicBranding } from '@scanbase/contracts/branding';

/** The account's logo and app name above a portal's sign-in card (text is rendered as text: React escapes it). */
export function BrandHeader({ branding }: { branding: PublicBranding }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }} data-testid="brand-header">
      {branding.logoUrl ? <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }} /> : null}
      <Typography component="p" sx={{ fontSize: 22, fontWeight: 700, color: 'primary.main' }}>
        {branding.appName}
      </Typography>
    </Box>
  );
}
