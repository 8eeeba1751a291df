import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { useConfirmTransfer } from '../hooks/useConfirmTransfer';

type Props = { token: string; company: string; onClose: () => void; onConfirmed: () => void };

/** Opened by the mailed link (`/account/admins/?transfer=…`): the named member takes the account over, or not now. */
export function ConfirmTransferDialog({ token, company, onClose, onConfirmed }: Props) {
  const titleId = useId();
  const confirm = useConfirmTransfer();
  return (
    <Dialog open onClose={confirm.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Become the owner of {company}?</DialogTitle>
      <DialogContent>
        <FormAlert message={confirm.error?.message ?? null} />
        <DialogContentText>
          You become the account owner: billing, the team, and deleting the account are yours. The present owner stays on the team as an administrator. You stay
          signed in.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={confirm.isPending}>
          Not now
        </Button>
        <Button
          variant="contained"
          disabled={confirm.isPending || confirm.isError}
          startIcon={confirm.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => confirm.mutate(token, { onSuccess: onConfirmed })}
        >
          Become the owner
        </Button>
      </DialogActions>
    </Dialog>
  );
}
