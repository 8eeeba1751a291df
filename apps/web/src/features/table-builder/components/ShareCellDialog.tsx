import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TableColumn, TableRow } from '@scanbase/contracts/table-builder';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useShareCellUpdate } from '../hooks/useShareCellUpdate';

/** Edits one cell through an editable share link (the server checks the link, its password and the column). */
export function ShareCellDialog({ link, row, column, onClose }: { link: { taskId: string; token: string; password: string }; row: TableRow; column: TableColumn; onClose: () => void }) {
  const [value, setValue] = useState(row.cells[String(column.questionId)] ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useShareCellUpdate(link);
  const submit = async () => {
    try {
      await save.mutateAsync({ rowId: row.id, questionId: column.questionId, value });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved. Try again.');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: (e: React.FormEvent) => { e.preventDefault(); void submit(); } } }}>
      <DialogTitle>
        {column.text} of {row.value}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <FormAlert message={error} />
        <TextField label={column.text} value={value} onChange={(e) => setValue(e.target.value)} autoFocus multiline maxRows={6} slotProps={{ htmlInput: { maxLength: 4000 } }} sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
