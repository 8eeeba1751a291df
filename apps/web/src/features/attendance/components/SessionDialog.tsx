import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { AttendanceSession } from '@scanbase/contracts/attendance';
import { useId, useState, type FormEvent } from 'react';
import { V2Error } from '../../../api/v2-client';
import { localToday } from '../attendance-format';
import { useSaveAttendanceSession } from '../hooks/useSaveAttendanceSession';
import { emptySessionForm, serverSessionIssues, sessionBody, sessionFormOf, type SessionForm } from '../session-form';
import { SessionFields } from './SessionFields';

type Props = { instanceId: number; session: AttendanceSession | null; timeZone: string | undefined; onClose: () => void };

/** Adds a session, or edits the given one. */
export function SessionDialog({ instanceId, session, timeZone, onClose }: Props) {
  const titleId = useId();
  const [form, setForm] = useState<SessionForm>(() => (session ? sessionFormOf(session) : emptySessionForm(localToday(timeZone))));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({ fields: {}, general: [] });
  const save = useSaveAttendanceSession(instanceId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = sessionBody(form);
    setErrors(checked);
    if (!checked.body) return;
    save.mutate(
      { id: session?.id ?? null, session: checked.body },
      {
        onSuccess: onClose,
        onError: (error) => setErrors(error instanceof V2Error && error.fieldIssues.length > 0 ? serverSessionIssues(error.fieldIssues) : { fields: {}, general: [error.message] }),
      },
    );
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{session ? `Edit ${session.name}` : 'New session'}</DialogTitle>
        <DialogContent>
          {errors.general.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.general.join(' ')}
            </Alert>
          ) : null}
          <SessionFields form={form} errors={errors.fields} onChange={setForm} timeZone={timeZone} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {session ? 'Save session' : 'Add session'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
