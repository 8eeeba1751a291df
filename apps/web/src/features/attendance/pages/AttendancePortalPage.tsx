import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PortalOccurrence, RegisterRow } from '@scanbase/contracts/attendance';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PublicFrame } from '../../../ui/PublicFrame';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useQueryParam } from '../../../ui/useQueryParam';
import { usePortal } from '../../portal/hooks/usePortal';
import { ExportButtons } from '../components/ExportButtons';
import { MarkDialog } from '../components/MarkDialog';
import { RegisterCounts, RegisterTable } from '../components/RegisterTable';
import { useClock } from '../hooks/useClock';
import { usePortalClose } from '../hooks/usePortalClose';
import { usePortalExport } from '../hooks/usePortalExport';
import { usePortalLive } from '../hooks/usePortalLive';
import { usePortalMark } from '../hooks/usePortalMark';
import { usePortalRegister, type PortalOccurrenceKey } from '../hooks/usePortalRegister';
import { usePortalSessions } from '../hooks/usePortalSessions';
import { portalQueryClient } from '../portal-live';

const hrefOf = (o: PortalOccurrenceKey) => `/attendance/?${new URLSearchParams({ instance_id: String(o.instanceId), session_id: String(o.sessionId), date: o.date }).toString()}`;

function OccurrenceList({ title, items, empty }: { title: string; items: PortalOccurrence[]; empty?: string }) {
  const navigate = useNavigate();
  const id = `occ-${title.toLowerCase().replace(/\W+/g, '-')}`;
  if (items.length === 0 && !empty) return null;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {items.map((o) => (
            <ListItemButton key={`${o.sessionId} ${o.date}`} component="a" href={hrefOf(o)} onClick={(e: MouseEvent) => (e.preventDefault(), void navigate({ href: hrefOf(o) }))} divider>
              <ListItemText primary={`${o.sessionName} · ${o.startTime}–${o.endTime}`} secondary={`${o.date} · ${o.instanceName}${o.place ? ` · ${o.place}` : ''}`} />
              {o.closed ? <Chip size="small" label="Closed" /> : null}
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}

function Sessions() {
  const sessions = usePortalSessions();
  if (sessions.isPending) return <LoadingState label="Loading your sessions…" />;
  if (sessions.isError) return <ErrorState message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  const { today, upcoming, recent } = sessions.data;
  if (today.length + upcoming.length + recent.length === 0)
    return <EmptyState title="No sessions to lead">You lead no session in these four weeks. Ask an administrator to add you as a leader of an attendance service.</EmptyState>;
  return (
    <Stack spacing={3}>
      <OccurrenceList title="Today" items={today} empty="No session today." />
      <OccurrenceList title="Coming up" items={upcoming} />
      <OccurrenceList title="Earlier" items={recent} />
    </Stack>
  );
}

function Register({ occurrence }: { occurrence: PortalOccurrenceKey }) {
  const navigate = useNavigate();
  const register = usePortalRegister(occurrence);
  const sessions = usePortalSessions();
  const mark = usePortalMark(occurrence);
  const close = usePortalClose(occurrence);
  const exporter = usePortalExport(occurrence);
  const [marking, setMarking] = useState<RegisterRow | null>(null);
  const [closing, setClosing] = useState(false);
  const now = useClock();
  const timeZone = sessions.data?.timeZone;
  const back = (
    <Button href="/attendance/" onClick={(e) => (e.preventDefault(), void navigate({ href: '/attendance/' }))} sx={{ ml: -1, alignSelf: 'flex-start' }}>
      ← My sessions
    </Button>
  );
  if (register.isPending) return <>{back}<LoadingState label="Loading the register…" /></>;
  if (register.isError) return <>{back}<ErrorState message={register.error.message} onRetry={() => void register.refetch()} /></>;
  const r = register.data;
  const o = r.occurrence;
  const started = Date.parse(o.startsAt) <= now;
  return (
    <Stack spacing={2}>
      {back}
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
          {o.sessionName}
        </Typography>
        <Typography color="text.secondary">
          {o.date} · {o.startTime}–{o.endTime} · late after {o.lateAfterMinutes} min · {r.instanceName}
          {o.place ? ` · ${o.place}` : ''}
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <RegisterCounts register={r} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <ExportButtons label="the register" busy={exporter.isPending} onExport={(format) => exporter.mutate(format)} />
          {o.closed ? (
            <Chip label="Closed" />
          ) : (
            <Button variant="contained" color="secondary" size="small" disabled={!started || close.isPending} onClick={() => setClosing(true)}>
              Close session
            </Button>
          )}
        </Stack>
      </Stack>
      {exporter.isError ? <Alert severity="error">{exporter.error.message}</Alert> : null}
      {close.isError ? <Alert severity="error">{close.error.message}</Alert> : null}
      {o.closed ? <Alert severity="info">Closed: later scans are refused. You can still change a mark by hand.</Alert> : !started ? <Alert severity="info">This session has not started yet.</Alert> : null}
      <RegisterTable register={r} timeZone={timeZone} onMark={(row) => (mark.reset(), setMarking(row))} />
      {marking ? (
        <MarkDialog
          row={marking}
          busy={mark.isPending}
          error={mark.error?.message ?? null}
          onClose={() => setMarking(null)}
          onSave={(input) => mark.mutate({ personId: marking.personId, ...input }, { onSuccess: () => setMarking(null) })}
        />
      ) : null}
      <ConfirmDialog open={closing} title={`Close ${o.sessionName}?`} confirmLabel="Close session" busy={close.isPending} onClose={() => setClosing(false)} onConfirm={() => close.mutate(undefined, { onSettled: () => setClosing(false) })}>
        Everyone not marked yet ({r.counts.unmarked}) becomes absent, and later scans are refused.
      </ConfirmDialog>
    </Stack>
  );
}

function Portal() {
  const { user, session } = usePortal('attendance');
  const navigate = useNavigate();
  usePortalLive(user !== null);
  const instanceId = Number(useQueryParam('instance_id'));
  const sessionId = Number(useQueryParam('session_id'));
  const date = useQueryParam('date');
  const occurrence = Number.isInteger(instanceId) && instanceId > 0 && Number.isInteger(sessionId) && sessionId > 0 && date ? { instanceId, sessionId, date } : null;
  const signOut = () => void session.signOut().then(() => navigate({ href: '/attendance/signin/' }));
  return (
    <PublicFrame width={1000}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
          Attendance
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {user ? <Typography color="text.secondary">{user.username}</Typography> : null}
          <Button onClick={signOut}>Sign out</Button>
        </Stack>
      </Stack>
      {occurrence ? <Register key={`${occurrence.instanceId} ${occurrence.sessionId} ${occurrence.date}`} occurrence={occurrence} /> : <Sessions />}
    </PublicFrame>
  );
}

/** /attendance/ (AP.sessions, our addition): a leader's sessions (today first) and the live register of one occurrence (`?instance_id=&session_id=&date=`). */
export function AttendancePortalPage() {
  return (
    <QueryClientProvider client={portalQueryClient()}>
      <Portal />
    </QueryClientProvider>
  );
}
