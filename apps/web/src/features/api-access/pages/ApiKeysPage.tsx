import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@scanbase/contracts/api-access';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { ApiFrame } from '../components/ApiFrame';
import { ApiKeyList } from '../components/ApiKeyList';
import { KeyNameDialog } from '../components/KeyNameDialog';
import { ListSkeleton } from '../components/ListSkeleton';
import { SecretDialog } from '../components/SecretDialog';
import { useApiKeys } from '../hooks/useApiKeys';
import { useCreateApiKey } from '../hooks/useCreateApiKey';
import { useRenameApiKey } from '../hooks/useRenameApiKey';
import { useRevokeApiKey } from '../hooks/useRevokeApiKey';

/** /account/api/ and /account/api/key/: the account's API keys; create (secret shown once), rename, revoke. */
export function ApiKeysPage() {
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const rename = useRenameApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const startCreate = () => {
    create.reset();
    setNotice(null);
    setCreating(true);
  };
  const createButton = (
    <Button variant="contained" startIcon={<Add />} onClick={startCreate}>
      Create API key
    </Button>
  );

  let body;
  if (keys.isPending) body = <ListSkeleton label="Loading API keys…" />;
  else if (keys.isError) body = <ErrorState message={keys.error.message} onRetry={() => void keys.refetch()} />;
  else if (keys.data.items.length === 0) {
    body = (
      <EmptyState
        title="No API keys yet"
        action={
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {createButton}
            <Button variant="outlined" component={RouterLink} href="/apidocs/">
              Read the API documentation
            </Button>
          </Box>
        }
      >
        An API key lets your own software or scripts call the Scanbase API for this account: fetch scans, fill databases, manage services. Each program
        should get its own key, so you can revoke one without stopping the others.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {keys.data.items.length === 1 ? '1 active key' : `${keys.data.items.length} active keys`}. Send a key as <code>api_key</code> to the{' '}
            <RouterLink href="/apidocs/">API</RouterLink>.
          </Typography>
          {createButton}
        </Box>
        <ApiKeyList
          keys={keys.data.items}
          timeZone={timeZone}
          onRename={(key) => {
            rename.reset();
            setNotice(null);
            setRenaming(key);
          }}
          onRevoke={(key) => {
            revoke.reset();
            setNotice(null);
            setRevoking(key);
          }}
        />
      </>
    );
  }

  return (
    <ApiFrame current="key">
      <FormAlert message={notice} severity="success" />
      {body}
      {creating ? (
        <KeyNameDialog
          title="Create an API key"
          submitLabel="Create key"
          initialName=""
          helperText="Say what uses it, e.g. “Warehouse sync”."
          busy={create.isPending}
          error={create.error?.message ?? null}
          onClose={() => setCreating(false)}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: (reply) => {
                setCreating(false);
                setCreated({ name: reply.key.name, secret: reply.secret });
              },
            })
          }
        />
      ) : null}
      {created ? <SecretDialog name={created.name} secret={created.secret} onClose={() => setCreated(null)} /> : null}
      {renaming ? (
        <KeyNameDialog
          title={`Rename “${renaming.name}”`}
          submitLabel="Save name"
          initialName={renaming.name}
          helperText="The key itself does not change."
          busy={rename.isPending}
          error={rename.error?.message ?? null}
          onClose={() => setRenaming(null)}
          onSubmit={(name) =>
            rename.mutate(
              { id: renaming.id, name },
              {
                onSuccess: (key) => {
                  setRenaming(null);
                  setNotice(`Renamed to “${key.name}”.`);
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.name}”?` : 'Revoke key?'}
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const name = revoking.name;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              setNotice(`“${name}” was revoked.`);
            },
          });
        }}
      >
        Programs using the key {revoking ? <strong>{revoking.name}</strong> : null} ({revoking?.prefix}…) stop working at once: their calls are refused with
        error 100. This cannot be undone.
        {revoke.error ? (
          <Box component="span" role="alert" sx={{ display: 'block', mt: 1.5, color: 'error.main' }}>
            {revoke.error.message}
          </Box>
        ) : null}
      </ConfirmDialog>
    </ApiFrame>
  );
}
