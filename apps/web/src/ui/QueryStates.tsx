import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A centred spinner with a label, for data that is loading. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 6, color: 'text.secondary' }}>
      <CircularProgress size={22} />
      <Typography>{label}</Typography>
    </Box>
  );
}

/** A failed load: the message and a retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Paper variant="outlined" role="alert" sx={{ p: 3, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'center' }, gap: 2 }}>
      <ErrorOutline color="error" />
      <Typography sx={{ flexGrow: 1 }}>{message}</Typography>
      {onRetry ? (
        <Button variant="outlined" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Paper>
  );
}

/** Nothing to show yet: a short explanation and usually the action that creates the first item. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>
        <InboxOutlined />
      </Box>
      <Typography variant="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children ? <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>{children}</Typography> : null}
      {action ? <Box sx={{ mt: 2.5 }}>{action}</Box> : null}
    </Paper>
  );
}
