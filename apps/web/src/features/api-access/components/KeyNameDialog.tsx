import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';

type Props = {
  title: string;
  submitLabel: string;
  initialName: string;
  helperText: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** Asks for a key's name (create and rename): the contract's rules (1-80 characters after trimming); Enter saves, Escape closes. */
export function KeyNameDialog({ title, submitLabel, initialName, helperText, busy, error, onSubmit, onClose }: Props) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const trimmed = name.trim();
    if (trimmed === '') return setProblem('Give the key a name');
    if (trimmed.length > 80) return setProblem('At most 80 characters');
    onSubmit(trimmed);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FormAlert message={error} />
          <TextInput
            label="Key name"
            value={name}
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? helperText}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
