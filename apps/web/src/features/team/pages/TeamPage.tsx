import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { FormAlert } from '../../auth/components/FormAlert';
import { Pager } from '../../tasks/components/Pager';
import { ConfirmTransferDialog } from '../components/ConfirmTransferDialog';
import { InviteDialog } from '../components/InviteDialog';
import { MemberDialog } from '../components/MemberDialog';
import { TeamTable } from '../components/TeamTable';
import { TransferBanner } from '../components/TransferBanner';
import { useTeamDialog } from '../hooks/useTeamDialog';
import { useTeamList } from '../hooks/useTeamList';
import { clearTeamNotice, peekTeamNotice, setTeamNotice } from '../team-notice';

const LIMIT = 100;
const LIST = '/account/admins/';

/** `account/admins/` with its modals `create/` (invite) and `{accountId}/` (one member) over the list. */
export function TeamPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const dialog = useTeamDialog();
  const [page, setPage] = useState(1);
  const list = useTeamList(page, LIMIT);
  const [notice, setNotice] = useState(peekTeamNotice);
  const transferToken = useQueryParam('transfer');
  useEffect(() => clearTeamNotice(), []);
  const viewer = { accountUserId: user?.accountUserId ?? null, role: user?.role ?? 'admin' };
  const close = () => void navigate({ href: LIST });
  const done = (text: string) => {
    setTeamNotice(text);
    void navigate({ href: LIST, replace: true });
  };

  const member = dialog.kind === 'edit' && list.data ? list.data.items.find((item) => item.id === dialog.id) : undefined;
  const missing = dialog.kind === 'edit' && list.isSuccess && !member;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Administrators
        </Typography>
        <Button variant="contained" component={RouterLink} href="/account/admins/create/" startIcon={<PersonAddOutlined />}>
          Invite an administrator
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        The people who sign in to this web app to run the account with you. Their role and privileges decide what they may open. People who only scan are{' '}
        <Link component={RouterLink} href="/account/users/">
          app users
        </Link>
        .
      </Typography>
      <FormAlert message={notice} severity="success" />
      {list.data?.transfer ? <TransferBanner transfer={list.data.transfer} isOwnerViewing={viewer.accountUserId === null} /> : null}
      {list.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TeamTable owner={list.data.owner} members={list.data.items} viewerId={viewer.accountUserId} isOwnerViewing={viewer.accountUserId === null} />
          {list.data.total === 0 ? (
            <Box sx={{ mt: 2 }}>
              <EmptyState
                title="Nobody else yet"
                action={
                  <Button variant="outlined" component={RouterLink} href="/account/admins/create/">
                    Invite an administrator
                  </Button>
                }
              >
                Invite colleagues by email so they can manage services, scans and users with their own sign-in.
              </EmptyState>
            </Box>
          ) : null}
          <Pager page={page} limit={LIMIT} total={list.data.total} onPage={setPage} />
        </>
      )}
      {transferToken && dialog.kind === 'none' ? (
        <ConfirmTransferDialog
          token={transferToken}
          company={user?.account ?? 'this account'}
          onClose={() => void navigate({ href: LIST, replace: true })}
          onConfirmed={() => {
            setNotice(`You are now the owner of ${user?.account ?? 'this account'}.`);
            void navigate({ href: LIST, replace: true });
          }}
        />
      ) : null}
      {dialog.kind === 'create' ? <InviteDialog onClose={close} onInvited={(email) => done(`Invitation sent to ${email}.`)} /> : null}
      {member ? <MemberDialog key={member.id} member={member} viewer={viewer} onClose={close} onDone={done} /> : null}
      {missing || (dialog.kind === 'edit' && dialog.id === null) ? <MissingMemberDialog onClose={close} /> : null}
    </Box>
  );
}

function MissingMemberDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="team-missing-title" maxWidth="xs" fullWidth>
      <DialogTitle id="team-missing-title">Not on the team</DialogTitle>
      <DialogContent>
        <DialogContentText>This member is not on the team (any more). They may have been removed, or their invitation withdrawn.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Back to the team
        </Button>
      </DialogActions>
    </Dialog>
  );
}
