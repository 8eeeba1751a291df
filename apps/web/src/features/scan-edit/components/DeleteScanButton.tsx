import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDeleteScan } from '../hooks/useDeleteScan';

/** Deletes the scan after a confirmation, then goes back to the scan search. */
export function DeleteScanButton({ scan }: { scan: ScanDetail }) {
  const remove = useDeleteScan();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setOpen(true)}>
        Delete scan
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete this scan?"
        confirmLabel="Delete scan"
        danger
        busy={remove.isPending}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
        onConfirm={() => remove.mutate(scan.id, { onSuccess: () => void navigate({ href: '/account/scans/search/full/', replace: true }) })}
      >
        <FormAlert message={remove.error?.message ?? null} />
        The scan &ldquo;{scan.value}&rdquo; of {scan.service.name}, with its answers, photos, properties and history, is deleted for good. Exports and counts no longer include it.
      </ConfirmDialog>
    </>
  );
}
