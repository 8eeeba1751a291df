import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useId, useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useRenameDatabase } from '../hooks/useRenameDatabase';

/** Asks for a database's new name; Enter saves, Escape closes. */
export function RenameDatabaseDialog({ database, open, onClose }: { database: DatabaseInfo; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const rename = useRenameDatabase();
  const [name, setName] = useState(database.name);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    rename.reset();
    setProblem(null);
    setName(database.name);
    onClose();
  };
  const save = () => {
    if (name.trim() === '') {
      setProblem('Enter a name');
      return;
    }
    rename.mutate({ id: database.id, name: name.trim() }, { onSuccess: close });
  };
  return (
    <Dialog open={open} onClose={rename.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>Rename database</DialogTitle>
        <DialogContent>
          <FormAlert message={rename.error?.message ?? null} />
          <TextInput
            label="Name"
            value={name}
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? 'Services that use this database keep using it.'}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={rename.isPending} startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save name
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
