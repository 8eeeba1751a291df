import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { SecretDialog } from '../../api-access/components/SecretDialog';
import { useApiKeys } from '../../api-access/hooks/useApiKeys';
import { useCreateApiKey } from '../../api-access/hooks/useCreateApiKey';

/** Pick one of the account's API keys (by name and first characters) or create one named after the app; its secret is shown once. */
export function ApiKeyStep({ appName }: { appName: string }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const name = `${appName} (${new Date().toISOString().slice(0, 10)})`;
  return (
    <Box>
      {keys.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState message={keys.error.message} onRetry={() => void keys.refetch()} />
      ) : keys.data.items.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          The account has no API key yet.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Use a key you saved when you made it (a key is shown only once):
          </Typography>
          <Box component="ul" sx={{ m: 0, mb: 1, pl: 3 }} aria-label="API keys">
            {keys.data.items.map((k) => (
              <li key={k.id}>
                <Typography variant="body2">
                  {k.name} <Box component="code" sx={{ fontSize: 13 }}>{k.prefix}…</Box>
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
      <FormAlert message={create.error?.message ?? null} severity="error" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<Add />} disabled={create.isPending} onClick={() => create.mutate(name, { onSuccess: (r) => setSecret({ name, secret: r.secret }) })}>
          Create a key for {appName}
        </Button>
        <RouterLink href="/account/api/">Manage API keys</RouterLink>
      </Box>
      {secret ? <SecretDialog name={secret.name} secret={secret.secret} onClose={() => setSecret(null)} /> : null}
    </Box>
  );
}
