import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TableColumn, TableRow } from '@scanbase/contracts/table-builder';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';

type Props = {
  row: TableRow;
  column: TableColumn;
  /** Stores the new value (as the administrator, or through an editable share link); a failure's message is shown. */
  save: (value: string) => Promise<unknown>;
  /** Shown under the field: the row's history (the administrator's view; a share link has none). */
  history?: ReactNode;
  onClose: () => void;
};

/** Edits one cell of the table; the caller says how it is saved and whether the row's history shows. */
export function CellDialog({ row, column, save, history, onClose }: Props) {
  const [value, setValue] = useState(row.cells[String(column.questionId)] ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await save(value);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved. Try again.');
      setSaving(false);
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
        {history}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
