import { ThemeProvider, useTheme } from '@mui/material/styles';
import type { PublicBranding } from '@scanbase/contracts/branding';
import { useMemo, type ReactNode } from 'react';
import { brandTheme } from '../branding-theme';

/** The account's colours for what is inside (scanner, portals, preview); without branding, Scanbase's theme. */
export function BrandTheme({ branding, children }: { branding: PublicBranding | null; children: ReactNode }) {
  const base = useTheme();
  const theme = useMemo(() => (branding ? brandTheme(base, branding) : base), [base, branding]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
