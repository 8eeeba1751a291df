import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { FormAlert } from '../../auth/components/FormAlert';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useJobList, type JobListParams } from '../hooks/useJobList';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';
import { JobsTable } from './JobsTable';
import { Pager } from './Pager';

type Props = { params: JobListParams; onPage: (page: number) => void; emptyTitle: string; emptyText: string };

/** A page of runs with loading, error and empty states, live refresh and paging. */
export function RunsList({ params, onPage, emptyTitle, emptyText }: Props) {
  const { user } = useSession();
  const list = useJobList(params);
  const catalogue = useTaskCatalogue();
  const [message, setMessage] = useState<string | null>(null);
  if (list.isPending) return <LoadingState label="Loading runs…" />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        title={emptyTitle}
        action={
          <Button variant="outlined" component={RouterLink} href="/account/tasks/new/">
            New task
          </Button>
        }
      >
        {emptyText}
      </EmptyState>
    );
  }
  return (
    <Box>
      <FormAlert message={message} />
      <JobsTable jobs={list.data.items} catalogue={catalogue.data?.items} timezone={user?.timezone} onError={setMessage} />
      <Pager page={params.page} limit={params.limit} total={list.data.total} onPage={onPage} />
    </Box>
  );
}
