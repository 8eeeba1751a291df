import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDeleteDatabase } from '../hooks/useDeleteDatabase';
import { useServiceNames } from '../hooks/useServiceNames';
import { plural } from '../value-count';

/** Confirms deleting a database; while a service uses it the server says no (CONFLICT) and its message is shown here. */
export function DeleteDatabaseDialog({ database, open, onClose }: { database: DatabaseInfo; open: boolean; onClose: () => void }) {
  const remove = useDeleteDatabase();
  const usedBy = useServiceNames(database.serviceIds) ?? plural(database.serviceIds.length, 'service');
  const navigate = useNavigate();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title="Delete this database?"
      confirmLabel="Delete database"
      danger
      busy={remove.isPending}
      onClose={close}
      onConfirm={() => remove.mutate(database.id, { onSuccess: () => void navigate({ href: '/account/databases/', replace: true }) })}
    >
      <FormAlert message={remove.error?.message ?? null} />
      {database.valueCount > 0 ? `“${database.name}” and its ${plural(database.valueCount, 'value')} are deleted for good.` : `“${database.name}” is deleted for good.`}
      {usedBy ? ` It is still used by ${usedBy}: switch ${database.serviceIds.length === 1 ? 'that service' : 'those services'} to another database first.` : ''}
    </ConfirmDialog>
  );
}
