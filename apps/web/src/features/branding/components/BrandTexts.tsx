import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A plain text of the branding, line breaks kept (escaped by React like every text). */
export function BrandText({ text, kind, children }: { text: string; kind: 'welcome' | 'footer'; children?: ReactNode }) {
  if (!text) return <>{children}</>;
  return (
    <Typography data-testid={`brand-${kind}`} sx={{ whiteSpace: 'pre-line', fontSize: kind === 'footer' ? 13 : 15, color: kind === 'footer' ? 'text.secondary' : 'text.primary', textAlign: kind === 'footer' ? 'center' : 'left' }}>
      {text}
    </Typography>
  );
}
