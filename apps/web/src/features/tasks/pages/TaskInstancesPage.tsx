import Box from '@mui/material/Box';
import { RunsList } from '../components/RunsList';
import { TasksHeader } from '../components/TasksHeader';
import { useListSearch } from '../hooks/useListSearch';

/** /account/tasks/instance/: the latest runs with state, progress, duration and result; cancel or retry. */
export function TaskInstancesPage() {
  const { search, update } = useListSearch();
  const page = Number(search.page ?? 1) || 1;
  return (
    <Box>
      <TasksHeader current="instance" intro="The latest runs of your tasks, updated live. Open a run to follow its progress, read its log or download its file." />
      <RunsList params={{ page, limit: 25 }} onPage={(next) => update({ page: next })} emptyTitle="No runs yet" emptyText="Runs appear here as soon as a task starts, on its schedule or when you press Run now." />
    </Box>
  );
}
