import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Job } from '@scanbase/contracts/tasks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RouterLink } from '../../../ui/RouterLink';
import { useCancelJob } from '../hooks/useCancelJob';
import { useRetryJob } from '../hooks/useRetryJob';
import { isActiveState } from '../hooks/useJob';

type Props = { job: Pick<Job, 'id' | 'state' | 'taskName' | 'type'>; showOpen?: boolean; onError?: (message: string) => void };

/** Open / Cancel (after confirming) / Retry for one run. */
export function JobActions({ job, showOpen = true, onError }: Props) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const name = job.taskName ?? `run ${job.id}`;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { sm: 'flex-end' }, flexWrap: 'wrap' }}>
      {showOpen ? (
        <Button size="small" component={RouterLink} href={`/account/tasks/progress/${job.id}/`} aria-label={`Open run ${job.id} of ${name}`}>
          Open
        </Button>
      ) : null}
      {isActiveState(job.state) ? (
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          Cancel
        </Button>
      ) : null}
      {job.state === 'failed' || job.state === 'cancelled' ? (
        <Button size="small" disabled={retry.isPending} onClick={() => retry.mutate(job.id, { onError: (error) => onError?.(error.message) })}>
          Retry
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        danger
        busy={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(job.id, {
            onSettled: () => setConfirming(false),
            onError: (error) => onError?.(error.message),
          })
        }
      >
        {job.state === 'running' ? `"${name}" is running. It stops at the next safe point and keeps no partial file.` : `"${name}" has not started yet; it will not run.`} You can retry it later.
      </ConfirmDialog>
    </Stack>
  );
}
