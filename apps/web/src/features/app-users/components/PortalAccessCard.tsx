import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PortalAccess, PortalAccessReply } from '@scanbase/contracts/portals';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { ShortLinkField } from '../../short-links/components/ShortLinkField';
import { usePortalAccess } from '../hooks/usePortalAccess';
import { useSavePortalAccess } from '../hooks/useSavePortalAccess';
import { useServiceOptions } from '../hooks/useServiceOptions';
import { useTaskOptions } from '../hooks/useTaskOptions';

type Option = { id: number; name: string };

function Picker({ label, options, value, onChange, disabled }: { label: string; options: Option[]; value: number[]; onChange: (ids: number[]) => void; disabled: boolean }) {
  const chosen = value.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, next) => onChange(next.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

const accessOf = (a: PortalAccess): PortalAccess => ({ appUserId: a.appUserId, userPortal: a.userPortal, taskPortal: a.taskPortal, serviceIds: a.serviceIds, taskIds: a.taskIds });
const same = (a: PortalAccess, b: PortalAccess) => JSON.stringify(accessOf(a)) === JSON.stringify(accessOf(b));

function Form({ saved }: { saved: PortalAccessReply }) {
  const services = useServiceOptions();
  const tasks = useTaskOptions();
  const save = useSavePortalAccess();
  const [draft, setDraft] = useState<PortalAccess>(accessOf(saved));
  // The portals' short links, made by the server when a portal is first granted.
  const [shortUrls, setShortUrls] = useState(saved.shortUrls);
  const [done, setDone] = useState(false);
  const changed = !same(draft, saved);
  const set = (patch: Partial<PortalAccess>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDone(false);
  };
  return (
    <Stack spacing={2}>
      <FormAlert message={save.error?.message ?? null} />
      <FormAlert message={done && !changed ? 'Portal access saved.' : null} severity="success" />
      <Box>
        <FormControlLabel control={<Checkbox checked={draft.userPortal} onChange={(event) => set({ userPortal: event.target.checked })} />} label="User portal: may see their own scans" />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 1 }}>
          Signs in at <Link href="/share/preview/login/">/share/preview/login/</Link>. The scans and database of the services chosen here are shown too, read-only.
        </Typography>
        <Box sx={{ ml: { xs: 0, sm: 4 } }}>
          <ShortLinkField shortUrl={shortUrls.userPortal} label="User portal short link" />
        </Box>
        <Box sx={{ ml: { xs: 0, sm: 4 } }}>
          {services.isError ? <ErrorState message={services.error.message} /> : <Picker label="Shared services" options={services.data?.items ?? []} value={draft.serviceIds} onChange={(ids) => set({ serviceIds: ids })} disabled={!draft.userPortal || services.isPending} />}
        </Box>
      </Box>
      <Box>
        <FormControlLabel control={<Checkbox checked={draft.taskPortal} onChange={(event) => set({ taskPortal: event.target.checked })} />} label="Task portal: may follow shared tasks" />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 1 }}>
          Signs in at <Link href="/task-portal/login/">/task-portal/login/</Link> and sees the runs of the tasks chosen here, with their result files.
        </Typography>
        <Box sx={{ ml: { xs: 0, sm: 4 } }}>
          <ShortLinkField shortUrl={shortUrls.taskPortal} label="Task portal short link" />
        </Box>
        <Box sx={{ ml: { xs: 0, sm: 4 } }}>
          {tasks.isError ? <ErrorState message={tasks.error.message} /> : <Picker label="Shared tasks" options={tasks.data ?? []} value={draft.taskIds} onChange={(ids) => set({ taskIds: ids })} disabled={!draft.taskPortal || tasks.isPending} />}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {changed ? (
          <Button onClick={() => setDraft(accessOf(saved))} disabled={save.isPending}>
            Undo changes
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => save.mutate(draft, { onSuccess: (next) => { setDraft(accessOf(next)); setShortUrls(next.shortUrls); setDone(true); } })}
        >
          Save portal access
        </Button>
      </Box>
    </Stack>
  );
}

/** On the app user's page: user-portal and task-portal access, and which services and tasks are shared with them (docs/PORTALS.md). */
export function PortalAccessCard({ userId }: { userId: number }) {
  const access = usePortalAccess(userId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="portal-access-title">
      <Typography id="portal-access-title" variant="h3">
        Portal access
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Let this user look at scans, databases or task results in a browser, read-only, with the username and password they use in the scanner app.
      </Typography>
      {access.isPending ? <LoadingState label="Loading portal access…" /> : access.isError ? <ErrorState message={access.error.message} onRetry={() => void access.refetch()} /> : <Form key={JSON.stringify(access.data)} saved={access.data} />}
    </Paper>
  );
}
