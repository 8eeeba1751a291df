import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../ui/RouterLink';

export type SummaryItem = { label: string; value: ReactNode; editHref: string; editLabel: string };

/** A definition list of a service's settings, each with a link to the tab that changes it. */
export function SummaryList({ items }: { items: readonly SummaryItem[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr auto' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1.5 } }}>
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1.5, sm: 0 } }}>
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Link component={RouterLink} href={item.editHref} variant="body2" aria-label={item.editLabel}>
              Change
            </Link>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
