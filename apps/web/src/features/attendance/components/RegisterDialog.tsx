import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useAttendanceExport } from '../hooks/useAttendanceExport';
import { useAttendanceRegister } from '../hooks/useAttendanceRegister';
import { ExportButtons } from './ExportButtons';
import { RegisterCounts, RegisterTable } from './RegisterTable';

type Props = { instanceId: number; occurrence: { sessionId: number; date: string; title: string }; timeZone: string | undefined; onClose: () => void };

/** An occurrence's register for an administrator, with its exports. */
export function RegisterDialog({ instanceId, occurrence, timeZone, onClose }: Props) {
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const register = useAttendanceRegister(instanceId, occurrence);
  const exporter = useAttendanceExport();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Register: {occurrence.title}</DialogTitle>
      <DialogContent>
        {register.isPending ? <LoadingState label="Loading the register…" /> : null}
        {register.isError ? <ErrorState message={register.error.message} onRetry={() => void register.refetch()} /> : null}
        {register.data ? (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <RegisterCounts register={register.data} />
              <ExportButtons label="the register" busy={exporter.isPending} onExport={(format) => exporter.mutate({ instanceId, report: 'register', sessionId: occurrence.sessionId, date: occurrence.date, format })} />
            </Stack>
            {exporter.isError ? <Alert severity="error">{exporter.error.message}</Alert> : null}
            <RegisterTable register={register.data} timeZone={timeZone} />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
