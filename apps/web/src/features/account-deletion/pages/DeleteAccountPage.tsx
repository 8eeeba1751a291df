import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useQueryParam } from '../../../ui/useQueryParam';
import { DeleteSection } from '../components/DeleteSection';
import { ExportSection } from '../components/ExportSection';
import { useCancelDeletion } from '../hooks/useCancelDeletion';
import { useDeletionStatus } from '../hooks/useDeletionStatus';

/**
 * Opens the mailed restore link once: cancels the deletion with its token and says so (the address loses the token).
 * `settling` is true from the first render with a token until the restore has answered: the status is read only then.
 * (A status request started beside the restore could be answered before it, and a refetch asked for while that first
 * request is still on its way joins it instead of starting anew, so the page would show "Deletion scheduled".)
 */
function useRestoreLink(): { message: string | null; error: string | null; settling: boolean } {
  const token = useQueryParam('restore');
  const cancel = useCancelDeletion();
  const used = useRef(false);
  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    cancel.mutate(token, {
      // The token is spent either way: a reload must not send it again.
      onSettled: () => window.history.replaceState(window.history.state, '', window.location.pathname),
    });
  }, [token, cancel]);
  return {
    message: cancel.isSuccess && cancel.variables ? 'Your account is kept: the deletion is cancelled.' : null,
    error: cancel.error && cancel.variables ? cancel.error.message : null,
    settling: Boolean(token) && (cancel.isIdle || cancel.isPending),
  };
}

/** /account/deleteaccount/ (owner): download everything, then delete with the company name and password; a grace period follows. */
export function DeleteAccountPage() {
  const restore = useRestoreLink();
  const status = useDeletionStatus({ enabled: !restore.settling });
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1">Delete account</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Closing Scanbase for your company? Take your data with you first.
      </Typography>
      {restore.message ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {restore.message}
        </Alert>
      ) : null}
      {restore.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {restore.error}
        </Alert>
      ) : null}
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />
      ) : (
        <Stack spacing={2.5}>
          <ExportSection lastJobId={status.data.lastExportJobId} />
          <DeleteSection status={status.data} />
        </Stack>
      )}
    </Box>
  );
}
