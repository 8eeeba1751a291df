import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { PendingTransfer } from '@scanbase/contracts/team';
import { FormAlert } from '../../auth/components/FormAlert';
import { useCancelTransfer } from '../hooks/useCancelTransfer';
import { formatAccountDateTime } from '../../scans/scan-format';

const when = (iso: string) => formatAccountDateTime(iso, undefined);

/** The pending transfer of ownership above the list; the owner can cancel it. */
export function TransferBanner({ transfer, isOwnerViewing }: { transfer: PendingTransfer; isOwnerViewing: boolean }) {
  const cancel = useCancelTransfer();
  const who = transfer.name ? `${transfer.name} (${transfer.email})` : transfer.email;
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 2, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
        action={
          isOwnerViewing ? (
            <Button color="inherit" size="small" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel the transfer
            </Button>
          ) : undefined
        }
      >
        Ownership is being handed over to {who}. Nothing changes until they confirm with the link we mailed them (it works until {when(transfer.expiresAt)}).
      </Alert>
      <FormAlert message={cancel.error?.message ?? null} />
    </>
  );
}
