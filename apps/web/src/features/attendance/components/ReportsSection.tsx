import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TextInput } from '../../../ui/TextInput';
import { formatRate, localToday } from '../attendance-format';
import { useAttendanceExport } from '../hooks/useAttendanceExport';
import { useOccurrenceReport } from '../hooks/useOccurrenceReport';
import { usePeopleReport } from '../hooks/usePeopleReport';
import { AttendanceChart } from './AttendanceChart';
import { ExportButtons } from './ExportButtons';
import { RegisterDialog } from './RegisterDialog';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The Reports section: per occurrence (with a chart and each register) and per person over a period, with exports. */
export function ReportsSection({ instanceId, timeZone }: { instanceId: number; timeZone: string | undefined }) {
  const [from, setFrom] = useState(() => localToday(timeZone, -30));
  const [to, setTo] = useState(() => localToday(timeZone));
  const periodOk = DATE.test(from) && DATE.test(to) && from <= to;
  const occurrences = useOccurrenceReport(instanceId, from, to, periodOk);
  const people = usePeopleReport(instanceId, from, to, periodOk);
  const exporter = useAttendanceExport();
  const [open, setOpen] = useState<{ sessionId: number; date: string; title: string } | null>(null);
  const chartId = useId();
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: 520 }}>
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} error={!periodOk} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} error={!periodOk} helperText={periodOk ? undefined : 'Pick a start on or before the end'} />
      </Stack>
      {exporter.isError ? <Alert severity="error">{exporter.error.message}</Alert> : null}

      <Box component="section" aria-labelledby="occ-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
          <Typography id="occ-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
            Per session
          </Typography>
          <ExportButtons label="the sessions report" busy={exporter.isPending || !periodOk} onExport={(format) => exporter.mutate({ instanceId, report: 'occurrences', from, to, format })} />
        </Stack>
        {occurrences.isPending && periodOk ? <LoadingState label="Loading the report…" /> : null}
        {occurrences.isError ? <ErrorState message={occurrences.error.message} onRetry={() => void occurrences.refetch()} /> : null}
        {occurrences.data && occurrences.data.items.length === 0 ? <EmptyState title="No sessions in this period">Sessions count here once they have started.</EmptyState> : null}
        {occurrences.data && occurrences.data.items.length > 0 ? (
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Typography id={chartId} variant="body2" color="text.secondary">
                People per session: present, late, excused and absent
              </Typography>
              <AttendanceChart items={occurrences.data.items} labelId={chartId} />
            </Paper>
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="occ-title">
                <TableHead>
                  <TableRow>
                    <TableCell>Session</TableCell>
                    <TableCell>Date</TableCell>
                    <TableCell align="right">Present</TableCell>
                    <TableCell align="right">Late</TableCell>
                    <TableCell align="right">Excused</TableCell>
                    <TableCell align="right">Absent</TableCell>
                    <TableCell align="right">Rate</TableCell>
                    <TableCell>Register</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...occurrences.data.items].reverse().map((o) => (
                    <TableRow key={`${o.sessionId} ${o.date}`}>
                      <TableCell>{o.sessionName}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {o.date} {o.startTime}
                      </TableCell>
                      <TableCell align="right">{o.present}</TableCell>
                      <TableCell align="right">{o.late}</TableCell>
                      <TableCell align="right">{o.excused}</TableCell>
                      <TableCell align="right">{o.unmarked > 0 ? `${o.absent} (+${o.unmarked} not marked)` : o.absent}</TableCell>
                      <TableCell align="right">{formatRate(o.rate)}</TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => setOpen({ sessionId: o.sessionId, date: o.date, title: `${o.sessionName}, ${o.date} ${o.startTime}` })} aria-label={`Register of ${o.sessionName} on ${o.date}`}>
                          Open
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          </Stack>
        ) : null}
      </Box>

      <Box component="section" aria-labelledby="people-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
          <Typography id="people-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
            Per person
          </Typography>
          <ExportButtons label="the people report" busy={exporter.isPending || !periodOk} onExport={(format) => exporter.mutate({ instanceId, report: 'people', from, to, format })} />
        </Stack>
        {people.isPending && periodOk ? <LoadingState label="Loading the report…" /> : null}
        {people.isError ? <ErrorState message={people.error.message} onRetry={() => void people.refetch()} /> : null}
        {people.data ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Over {people.data.occurrences} finished {people.data.occurrences === 1 ? 'session' : 'sessions'}. Excused sessions do not count against the rate and do not break a streak.
            </Typography>
            {people.data.items.length === 0 ? (
              <EmptyState title="Nobody on the roster yet" />
            ) : (
              <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="people-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Code</TableCell>
                      <TableCell align="right">Present</TableCell>
                      <TableCell align="right">Late</TableCell>
                      <TableCell align="right">Excused</TableCell>
                      <TableCell align="right">Absent</TableCell>
                      <TableCell align="right">Rate</TableCell>
                      <TableCell align="right">Streak</TableCell>
                      <TableCell align="right">Best streak</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {people.data.items.map((p) => (
                      <TableRow key={p.personId}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
                        <TableCell>{p.code}</TableCell>
                        <TableCell align="right">{p.present}</TableCell>
                        <TableCell align="right">{p.late}</TableCell>
                        <TableCell align="right">{p.excused}</TableCell>
                        <TableCell align="right">{p.absent}</TableCell>
                        <TableCell align="right">{formatRate(p.rate)}</TableCell>
                        <TableCell align="right">{p.currentStreak}</TableCell>
                        <TableCell align="right">{p.longestStreak}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            )}
          </>
        ) : null}
      </Box>
      {open ? <RegisterDialog instanceId={instanceId} occurrence={open} timeZone={timeZone} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
