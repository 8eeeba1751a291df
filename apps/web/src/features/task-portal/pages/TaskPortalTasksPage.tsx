import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PortalRun } from '@scanbase/contracts/portals';
import { useState } from 'react';
import type { V2Error } from '../../../api/v2-client';
import { FormAlert } from '../../auth/components/FormAlert';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { JobProgress } from '../../tasks/components/JobProgress';
import { JobStateChip } from '../../tasks/components/JobStateChip';
import { Pager } from '../../tasks/components/Pager';
import { PortalShell } from '../../portal/components/PortalShell';
import { PortalFilterForm } from '../../portal/components/PortalFilterForm';
import { pageNumber, usePortalAddress } from '../../portal/hooks/usePortalAddress';
import { usePortalRefusal } from '../../portal/hooks/usePortalRefusal';
import { useDownloadPortalFile } from '../hooks/useDownloadPortalFile';
import { usePortalRuns } from '../hooks/usePortalRuns';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

function RunCard({ run, onDownload, busy }: { run: PortalRun; onDownload: () => void; busy: boolean }) {
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', display: 'grid', gap: 1 }} aria-label={`Run ${run.id} of ${run.taskName}`}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere', flex: '1 1 160px' }}>
          {run.taskName}
        </Typography>
        <JobStateChip state={run.state} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Run {run.id} · started {when(run.createdAt)}
        {run.finishedAt ? ` · finished ${when(run.finishedAt)}` : ''}
      </Typography>
      <JobProgress job={run} />
      {run.progress.message ? <Typography variant="body2">{run.progress.message}</Typography> : null}
      {run.error ? <Typography variant="body2" color="error">{run.error}</Typography> : null}
      {run.file ? (
        <Box>
          <Button variant="contained" size="small" onClick={onDownload} disabled={busy}>
            Download {run.file.name} ({size(run.file.size)})
          </Button>
        </Box>
      ) : null}
    </Card>
  );
}

function Runs() {
  const address = usePortalAddress();
  const q = address.get('q');
  const page = pageNumber(address.get('page'));
  const limit = pageNumber(address.get('limit'), 25, 100);
  const [draft, setDraft] = useState(q);
  const runs = usePortalRuns({ q: q || undefined, page, limit });
  const download = useDownloadPortalFile();
  usePortalRefusal('/task-portal/login/', runs.error as V2Error | null);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Tasks</Typography>
      <PortalFilterForm label="Find runs" onApply={() => address.set({ q: draft.trim(), page: undefined })}>
        <TextField size="small" type="search" label="Task name" value={draft} onChange={(event) => setDraft(event.target.value)} sx={{ flex: '1 1 260px' }} />
      </PortalFilterForm>
      <FormAlert message={download.error ? `${download.error.message} (${(download.error as V2Error).code ?? 'ERROR'})` : null} />
      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorState message={`${runs.error.message} (${(runs.error as V2Error).code ?? 'ERROR'})`} onRetry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        <EmptyState title={q ? 'Nothing matches' : 'No runs yet'}>{q ? 'Try another task name.' : 'Runs of the tasks an administrator shares with you appear here, with their results to download.'}</EmptyState>
      ) : (
        <Box component="section" aria-label="Runs">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {runs.data.total.toLocaleString()} run{runs.data.total === 1 ? '' : 's'}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {runs.data.items.map((r) => (
              <RunCard key={r.id} run={r} busy={download.isPending} onDownload={() => download.mutate({ id: r.id, fallbackName: r.file?.name ?? `run-${r.id}` })} />
            ))}
          </Box>
          <Pager page={page} limit={limit} total={runs.data.total} onPage={(next) => address.set({ page: next })} />
        </Box>
      )}
    </Stack>
  );
}

/** /task-portal/tasks/ (q: part of a task name, page, limit): the runs of the tasks shared with the signed-in user. */
export function TaskPortalTasksPage() {
  return (
    <PortalShell flow="taskportal" routeName="TP.tasks" title="Task portal" home="/task-portal/tasks/" signInPath="/task-portal/login/">
      <Runs />
    </PortalShell>
  );
}
