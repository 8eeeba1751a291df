import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { jobState, type JobStateName } from '@scanbase/contracts/tasks';
import { RunsList } from '../components/RunsList';
import { jobStateLabel } from '../components/JobStateChip';
import { TasksHeader } from '../components/TasksHeader';
import { useListSearch } from '../hooks/useListSearch';
import { useTaskCatalogue } from '../hooks/useTaskCatalogue';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day in the browser's time zone as the ISO instant it starts (or, with `end`, the next day starts). */
function dayBoundary(day: string | undefined, end = false): string | undefined {
  if (!day || !DATE.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + (end ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** /account/tasks/tasklog/: the full history of runs, filtered by state, type and dates (kept in the address). */
export function TaskLogPage() {
  const { search, update } = useListSearch();
  const catalogue = useTaskCatalogue();
  const page = Number(search.page ?? 1) || 1;
  const state = jobState.safeParse(search.state).success ? (search.state as JobStateName) : undefined;
  const type = search.type;
  const from = search.from && DATE.test(search.from) ? search.from : undefined;
  const to = search.to && DATE.test(search.to) ? search.to : undefined;
  const filtered = Boolean(state ?? type ?? from ?? to);
  const set = (patch: Record<string, string | undefined>) => update({ ...patch, page: undefined });

  return (
    <Box>
      <TasksHeader current="tasklog" intro="Every run of every task, newest first. Filter by state, task type or dates; the filters stay in the address so you can share the view." />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1.5fr 1fr 1fr auto' }, alignItems: 'center' }}>
        <TextField select size="small" label="State" value={state ?? ''} onChange={(event) => set({ state: event.target.value || undefined })}>
          <MenuItem value="">Any state</MenuItem>
          {jobState.options.map((option) => (
            <MenuItem key={option} value={option}>
              {jobStateLabel(option)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Task type" value={type ?? ''} onChange={(event) => set({ type: event.target.value || undefined })}>
          <MenuItem value="">Any type</MenuItem>
          {(catalogue.data?.items ?? []).map((info) => (
            <MenuItem key={info.type} value={info.type}>
              {info.label}
            </MenuItem>
          ))}
          {type && !catalogue.data?.items.some((info) => info.type === type) ? <MenuItem value={type}>{type}</MenuItem> : null}
        </TextField>
        <TextField size="small" type="date" label="From" value={from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label="To" value={to ?? ''} onChange={(event) => set({ to: event.target.value || undefined })} slotProps={{ inputLabel: { shrink: true } }} />
        <Button onClick={() => set({ state: undefined, type: undefined, from: undefined, to: undefined })} disabled={!filtered}>
          Clear filters
        </Button>
      </Paper>
      <RunsList
        params={{ page, limit: 50, state, type: type ? `task.${type}` : undefined, from: dayBoundary(from), to: dayBoundary(to, true) }}
        onPage={(next) => update({ page: next })}
        emptyTitle={filtered ? 'No runs match these filters' : 'The task log is empty'}
        emptyText={filtered ? 'Change or clear the filters to see more runs.' : 'Every run of every task is kept here once tasks start running.'}
      />
    </Box>
  );
}
