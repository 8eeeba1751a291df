import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { sinceText } from '../check-in-out-settings';
import { useAdminHistory } from '../hooks/useAdminHistory';
import { MovementList } from './MovementList';

/** A value's state and scans, over the admin roster. */
export function HistoryDialog({ id, value, onClose }: { id: number; value: string | null; onClose: () => void }) {
  const history = useAdminHistory(id, value);
  return (
    <Dialog open={value !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="history-title">
      <DialogTitle id="history-title" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <LoadingState label="Loading the history…" />
        ) : history.isError ? (
          <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {history.data.since ? `${history.data.state === 'in' ? 'In' : 'Out'} since ${sinceText(history.data.since)}${history.data.by ? ` by ${history.data.by}` : ''}.` : `Never moved (counted as ${history.data.state}).`}
            </Typography>
            <MovementList movements={history.data.movements} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
