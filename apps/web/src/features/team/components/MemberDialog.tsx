import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Privileges } from '@scanbase/contracts/roles';
import type { TeamMember } from '@scanbase/contracts/team';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useCancelInvite } from '../hooks/useCancelInvite';
import { useRemoveMember } from '../hooks/useRemoveMember';
import { useResendInvite } from '../hooks/useResendInvite';
import { useStartTransfer } from '../hooks/useStartTransfer';
import { useUpdateMember } from '../hooks/useUpdateMember';
import { editLock, removeLock, transferLock, type Viewer } from '../team-rules';
import { MemberStatus } from './MemberStatus';
import { PrivilegeFields } from './PrivilegeFields';
import { RoleField } from './RoleField';

type Props = { member: TeamMember; viewer: Viewer; onClose: () => void; onDone: (notice: string) => void };

/** `account/admins/{accountId}/`: one member's role and privileges; resend or withdraw an invitation; remove an active member. */
export function MemberDialog({ member, viewer, onClose, onDone }: Props) {
  const titleId = useId();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  const transfer = useStartTransfer();
  const [role, setRole] = useState(member.role);
  const [privileges, setPrivileges] = useState<Privileges>(member.privileges);
  const [confirm, setConfirm] = useState<'remove' | 'cancel' | 'transfer' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const locked = editLock(member, viewer);
  const removeLocked = removeLock(member, viewer);
  const busy = update.isPending || remove.isPending || resend.isPending || cancel.isPending || transfer.isPending;
  const transferLocked = transferLock(member, viewer);
  const label = member.name || member.email;
  const invited = member.status === 'invited';
  const failure = update.error ?? resend.error ?? null;
  const changed = role !== member.role || (Object.keys(privileges) as (keyof Privileges)[]).some((key) => privileges[key] !== member.privileges[key]);

  const save = () => {
    setNotice(null);
    update.mutate({ id: member.id, role, privileges }, { onSuccess: () => onDone(`Saved: ${label} now has the role and privileges you chose.`) });
  };

  return (
    <>
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!locked) save();
          }}
        >
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{member.email}</Typography>
              <MemberStatus status={member.status} />
            </Box>
            <FormAlert message={failure?.message ?? null} />
            <FormAlert message={notice} severity="success" />
            {locked ? <FormAlert message={locked} severity="info" /> : null}
            <Stack spacing={2.5}>
              <RoleField value={role} onChange={setRole} disabled={Boolean(locked)} />
              <PrivilegeFields value={privileges} onChange={setPrivileges} disabled={Boolean(locked)} />
            </Stack>
            <Divider sx={{ my: 2.5 }} />
            {invited ? (
              <Box>
                <Typography variant="h3" component="h3">
                  Invitation
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
                  {member.email} has not accepted yet. Sending it again mails a new link; the earlier link stops working.
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button
                    variant="outlined"
                    disabled={busy || Boolean(removeLocked)}
                    onClick={() => {
                      setNotice(null);
                      resend.mutate(member.id, { onSuccess: () => setNotice(`A new invitation was sent to ${member.email}.`) });
                    }}
                    startIcon={resend.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                  >
                    Send invitation again
                  </Button>
                  <Button variant="outlined" color="error" disabled={busy || Boolean(removeLocked)} onClick={() => setConfirm('cancel')}>
                    Withdraw invitation
                  </Button>
                </Stack>
              </Box>
            ) : (
              <Box>
                <Typography variant="h3" component="h3">
                  Remove from the team
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
                  {removeLocked ?? `${label} is signed out everywhere at once and can no longer sign in to this account.`}
                </Typography>
                <Button variant="outlined" color="error" disabled={busy || Boolean(removeLocked)} onClick={() => setConfirm('remove')}>
                  Remove {label}
                </Button>
              </Box>
            )}
            {viewer.accountUserId === null ? (
              <Box sx={{ mt: 2.5 }}>
                <Typography variant="h3" component="h3">
                  Hand over the account
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
                  {transferLocked ??
                    `${label} becomes the owner once they confirm with the link we mail them; you stay on the team as an administrator with every privilege. Nothing changes until then.`}
                </Typography>
                <Button variant="outlined" disabled={busy || Boolean(transferLocked)} onClick={() => setConfirm('transfer')}>
                  Make {label} the owner
                </Button>
              </Box>
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || Boolean(locked) || !changed}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save changes
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirm === 'remove'}
        title={`Remove ${label}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => remove.mutate(member.id, { onSuccess: () => onDone(`${label} was removed from the team and signed out.`) })}
      >
        {member.email} is signed out at once and can no longer sign in to this account.
        {remove.error ? <FormAlert message={remove.error.message} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'transfer'}
        title={`Make ${label} the owner?`}
        confirmLabel="Send the request"
        busy={transfer.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          transfer.mutate(member.id, { onSuccess: () => onDone(`We asked ${member.email} to confirm. Ownership changes once they do; you can cancel until then.`) })
        }
      >
        We mail {member.email} a link that works for 72 hours. When they confirm, they become the owner (billing, deleting the account, the team) and you
        an administrator. Your sessions and theirs stay signed in.
        {transfer.error ? <FormAlert message={transfer.error.message} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Withdraw the invitation?"
        confirmLabel="Withdraw"
        danger
        busy={cancel.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => cancel.mutate(member.id, { onSuccess: () => onDone(`The invitation to ${member.email} was withdrawn.`) })}
      >
        The link mailed to {member.email} stops working and they leave the list. You can invite them again later.
        {cancel.error ? <FormAlert message={cancel.error.message} /> : null}
      </ConfirmDialog>
    </>
  );
}
