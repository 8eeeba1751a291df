import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TableColumn, TableRow } from '@scanbase/contracts/table-builder';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useSetTableCell } from '../hooks/useSetTableCell';
import { useTableRow } from '../hooks/useTableRow';

/** Edits one cell as the administrator, with the row's history of changes (who, when, from what). */
export function CellDialog({ instanceId, row, column, onClose }: { instanceId: number; row: TableRow; column: TableColumn; onClose: () => void }) {
  const [value, setValue] = useState(row.cells[String(column.questionId)] ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetTableCell(instanceId);
  const detail = useTableRow(instanceId, row.id);
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
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          History of this row
        </Typography>
        {detail.data ? (
          detail.data.changes.length === 0 ? (
            <Typography color="text.secondary">No answers recorded yet.</Typography>
          ) : (
            <List dense aria-label="Changes, newest first" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {detail.data.changes.map((c, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemText
                    primary={`${c.question}: ${c.from === null ? '' : `“${c.from}” → `}“${c.to}”`}
                    secondary={`${new Date(c.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} · ${c.by} · ${c.source === 'scan' ? 'scanner' : c.source}`}
                  />
                </ListItem>
              ))}
            </List>
          )
        ) : (
          <Typography color="text.secondary">Loading the history…</Typography>
        )}
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
