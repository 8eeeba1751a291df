import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The scanner's top bar: brand colour, the title (service or "Scanner") and actions on the right. */
export function ScannerBar({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: '#fff', px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 60, position: 'sticky', top: 0, zIndex: 10 }}>
      <QrCodeScannerOutlined aria-hidden sx={{ fontSize: 28 }} />
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
