import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { Question } from '@scanbase/contracts/questions';
import { useId } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RouterLink } from '../../../ui/RouterLink';

type Props = {
  question: Question | null;
  serviceNames: ReadonlyMap<number, string>;
  busy: boolean;
  onConfirm: (question: Question) => void;
  onClose: () => void;
};

/** Asks before deleting a question; one that services still ask cannot be deleted, so it says which services to change first. */
export function DeleteQuestionDialog({ question, serviceNames, busy, onConfirm, onClose }: Props) {
  const titleId = useId();
  if (question && question.serviceIds.length > 0) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Still in use</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            &ldquo;{question.text}&rdquo; is asked by {question.serviceIds.length === 1 ? 'this service' : 'these services'}. Remove it from their Questions tab first:
            <ul>
              {question.serviceIds.map((id) => (
                <li key={id}>
                  <Link component={RouterLink} href={`/account/services/${id}/questions/`}>
                    {serviceNames.get(id) ?? `Service #${id}`}
                  </Link>
                </li>
              ))}
            </ul>
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog open={question !== null} title="Delete this question?" confirmLabel="Delete question" danger busy={busy} onClose={onClose} onConfirm={() => question && onConfirm(question)}>
      &ldquo;{question?.text}&rdquo; and its answer list are deleted. No service asks it at the moment.
    </ConfirmDialog>
  );
}
