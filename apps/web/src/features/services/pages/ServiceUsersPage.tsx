import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Service } from '@scanbase/contracts/services';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { SaveBar } from '../components/SaveBar';
import { ServiceFrame } from '../components/ServiceFrame';
import { UserChecklist } from '../components/UserChecklist';
import { useAppUserOptions } from '../hooks/useAppUserOptions';
import { useSetServiceUsers } from '../hooks/useSetServiceUsers';
import { nextTab, serviceTabHref } from '../service-tabs';

function UsersForm({ service }: { service: Service }) {
  const users = useAppUserOptions();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(service.userIds));
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const setUsers = useSetServiceUsers();
  const navigate = useNavigate();
  const next = nextTab('users');

  const save = async (andContinue: boolean) => {
    try {
      await setUsers.mutateAsync({ id: service.id, userIds: [...selected] });
      setMessage(null);
      if (andContinue) await navigate({ href: serviceTabHref(service.id, next.value) });
      else setSaved(true);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Not saved. Try again.');
    }
  };

  if (users.isPending) return <LoadingState label="Loading app users…" />;
  if (users.isError) return <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      <FormAlert message={message} />
      {users.data.items.length === 0 ? (
        <Typography color="text.secondary">No app users yet. Add the people who scan; they sign in to the scanner app with their username and password.</Typography>
      ) : (
        <UserChecklist
          users={users.data.items}
          selected={selected}
          onChange={(next) => {
            setSelected(next);
            setSaved(false);
          }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component={RouterLink} href="/account/users/new/">
          Add a user
        </Button>
        <Typography variant="body2" color="text.secondary">
          {selected.size === 0 ? 'Nobody can use this service yet.' : `${selected.size} ${selected.size === 1 ? 'person' : 'people'} can use this service.`}
        </Typography>
      </Box>
      <SaveBar busy={setUsers.isPending} primary={`Save and continue to ${next.label}`} onSaveOnly={() => void save(false)} failed={false} saved={saved} />
    </Stack>
  );
}

/** /account/services/{serviceId}/users/: the app users who may open the service in the scanner app. */
export function ServiceUsersPage() {
  return (
    <ServiceFrame tab="users" intro="Who may open this service in the scanner app. People not ticked here do not see it.">
      {(service) => <UsersForm key={service.id} service={service} />}
    </ServiceFrame>
  );
}
