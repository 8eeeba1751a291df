import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppUser } from '@scanbase/contracts/app-users';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { formatDateTime } from '../../tasks/schedule-form';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog';
import { PortalAccessCard } from '../components/PortalAccessCard';
import { UserServicesCard } from '../components/UserServicesCard';
import { UserSignInCard } from '../components/UserSignInCard';
import { useAppUser } from '../hooks/useAppUser';
import { useAppUserId } from '../hooks/useAppUserId';
import { useDeleteAppUser } from '../hooks/useDeleteAppUser';

function DangerZone({ user, onPasswordSet }: { user: AppUser; onPasswordSet: () => void }) {
  const remove = useDeleteAppUser();
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (user.isOwner) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3">Password and removal</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setResetting(true)}>
          Reset password
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
          Delete user
        </Button>
      </Stack>
      <ResetPasswordDialog user={user} open={resetting} onClose={() => setResetting(false)} onDone={onPasswordSet} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${user.username}?`}
        confirmLabel="Delete user"
        danger
        busy={remove.isPending}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        onConfirm={() => remove.mutate(user.id, { onSuccess: () => void navigate({ href: '/account/users/', replace: true }) })}
      >
        <FormAlert message={remove.error?.message ?? null} />
        They can no longer sign in to the scanner app. Their scans are kept and still show their name. The username becomes free for a new user.
      </ConfirmDialog>
    </Paper>
  );
}

/** /account/users/{userId}/: sign-in and device limit, the services the user may use, portal access, password reset, delete. */
export function AppUserPage() {
  const id = useAppUserId();
  const user = useAppUser(id);
  const { user: admin } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const back = (
    <Button component={RouterLink} href="/account/users/" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      All users
    </Button>
  );
  if (id === null) return <Box>{back}<ErrorState message="This address does not name a user. Open the user from the list of users." /></Box>;
  if (user.isPending) return <Box>{back}<LoadingState label="Loading the user…" /></Box>;
  if (user.isError) return <Box>{back}<ErrorState message={user.error.message} onRetry={() => void user.refetch()} /></Box>;
  const data = user.data;
  return (
    <Box sx={{ maxWidth: 880 }}>
      {back}
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {data.username}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, mb: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        {data.isOwner ? <Chip size="small" variant="outlined" label="Account owner" /> : null}
        {data.invited ? <Chip size="small" label="Invited: has not chosen a password yet" sx={{ bgcolor: '#fff4e5', color: '#8a4b00' }} /> : null}
        <Typography variant="body2" color="text.secondary">
          Added {formatDateTime(data.createdAt, admin?.timezone)}
        </Typography>
      </Stack>
      <FormAlert message={notice} severity="success" />
      <Stack spacing={2.5} sx={{ pb: 2 }}>
        <UserSignInCard user={data} />
        <UserServicesCard user={data} />
        <PortalAccessCard userId={data.id} />
        <DangerZone user={data} onPasswordSet={() => setNotice(`New password saved. ${data.username} signs in with it from now on.`)} />
      </Stack>
    </Box>
  );
}
