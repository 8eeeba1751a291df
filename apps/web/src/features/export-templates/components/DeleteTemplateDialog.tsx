import type { ExportTemplate } from '@scanbase/contracts/scan-data';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDeleteExportTemplate } from '../hooks/useDeleteExportTemplate';

type Props = { template: ExportTemplate | null; onClose: () => void; onDeleted?: () => void };

/** Asks before deleting an export template; tasks that use it stop working, which it says. */
export function DeleteTemplateDialog({ template, onClose, onDeleted }: Props) {
  const remove = useDeleteExportTemplate();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={template !== null}
      title="Delete this template?"
      confirmLabel="Delete template"
      danger
      busy={remove.isPending}
      onClose={close}
      onConfirm={() =>
        template &&
        remove.mutate(template.id, {
          onSuccess: () => {
            close();
            onDeleted?.();
          },
        })
      }
    >
      <FormAlert message={remove.error?.message ?? null} />
      &ldquo;{template?.name}&rdquo; is deleted. Scheduled exports that use it fail with a message until you choose another template for them. Files already made stay.
    </ConfirmDialog>
  );
}
