import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PublicFrame } from './PublicFrame';

type Props = { icon?: ReactNode; title: string; children?: ReactNode; actions?: ReactNode; framed?: boolean };

/** A full-page message (not found, unauthorized, maintenance...) with actions; framed for public pages. */
export function MessagePage({ icon, title, children, actions, framed = false }: Props) {
  const body = (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      {icon ? <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="h1">{title}</Typography>
      {children ? (
        <Box sx={{ color: 'text.secondary', maxWidth: 520 }}>
          {children}
        </Box>
      ) : null}
      {actions ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
  if (framed) return <PublicFrame width={520}>{body}</PublicFrame>;
  return <Box sx={{ py: { xs: 4, md: 8 }, px: 2 }}>{body}</Box>;
}
