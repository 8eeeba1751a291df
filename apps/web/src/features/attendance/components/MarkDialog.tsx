import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { attendanceStatus, type AttendanceStatus, type RegisterRow } from '@scanbase/contracts/attendance';
import { useId, useState, type FormEvent } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { statusLabels } from '../attendance-format';

type Props = { row: RegisterRow; busy: boolean; error: string | null; onSave: (input: { status: AttendanceStatus; note: string }) => void; onClose: () => void };

/** Marks one person present, late, excused or absent by hand, with a note. */
export function MarkDialog({ row, busy, error, onSave, onClose }: Props) {
  const titleId = useId();
  const statusId = useId();
  const [status, setStatus] = useState<AttendanceStatus>(row.status ?? 'present');
  const [note, setNote] = useState(row.note);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ status, note: note.trim() });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Mark {row.name || row.code}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <FormControl>
              <FormLabel id={statusId}>Status</FormLabel>
              <RadioGroup aria-labelledby={statusId} value={status} onChange={(e) => setStatus(attendanceStatus.parse(e.target.value))}>
                {attendanceStatus.options.map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio />} label={statusLabels[s]} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextInput label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} inputProps={{ maxLength: 500 }} multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save mark
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
