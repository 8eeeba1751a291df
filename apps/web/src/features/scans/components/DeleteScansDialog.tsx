import Alert from '@mui/material/Alert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useDeleteScans } from '../hooks/useDeleteScans';
import { plural } from '../scan-format';

type Props = { ids: readonly number[]; open: boolean; onClose: () => void; onDeleted: (count: number) => void };

/** Asks before deleting the selected scans for good (`scans/delete`, all or nothing) and names how many. */
export function DeleteScansDialog({ ids, open, onClose, onDeleted }: Props) {
  const remove = useDeleteScans();
  const count = plural(ids.length, 'scan');
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${count}?`}
      confirmLabel={`Delete ${count}`}
      danger
      busy={remove.isPending}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => remove.mutate([...ids], { onSuccess: (reply) => onDeleted(reply.deleted) })}
    >
      The {ids.length === 1 ? 'scan is' : `${count} are`} deleted for good, with {ids.length === 1 ? 'its' : 'their'} answers, photos and properties. This cannot be undone; export them first if you may need them.
      {remove.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Nothing was deleted: {remove.error.message}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
