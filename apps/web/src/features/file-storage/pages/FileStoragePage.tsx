import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileStoreKindLabels, oauthFileStoreKinds, type OauthFileStoreKind } from '@scanbase/contracts/file-storage';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { IntegrationsBreadcrumb } from '../../integrations/components/IntegrationsBreadcrumb';
import { CredentialsForm } from '../components/CredentialsForm';
import { ExportsTarget } from '../components/ExportsTarget';
import { StoreCard } from '../components/StoreCard';
import { useFileStores } from '../hooks/useFileStores';
import { useStartFileStoreOauth } from '../hooks/useStartFileStoreOauth';

/** /account/integrations/file-storage/: the account's stores, connecting new ones, and where task files go (docs/FILE-STORAGE.md). */
export function FileStoragePage() {
  const stores = useFileStores();
  // What disconnecting a store came to (revoked at the provider or not): its card is gone by then.
  const [removed, setRemoved] = useState<{ message: string; ok: boolean } | null>(null);
  return (
    <Box sx={{ maxWidth: 880 }}>
      <IntegrationsBreadcrumb />
      <Typography variant="h1">File storage</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Connect your own storage and Scanbase puts a copy of every task’s file there (exports, label sheets, reports), besides keeping it for download.
      </Typography>
      {stores.isPending ? (
        <LoadingState label="Loading your stores…" />
      ) : stores.isError ? (
        <ErrorState message={stores.error.message} onRetry={() => void stores.refetch()} />
      ) : (
        <Stack spacing={3}>
          <ExportsTarget stores={stores.data.items} />
          <Box component="section" aria-labelledby="fs-stores">
            <Typography id="fs-stores" variant="h2" sx={{ mb: 1.5 }}>
              Connected stores
            </Typography>
            <FormAlert message={removed?.message ?? null} severity={removed?.ok === false ? 'info' : 'success'} />
            {stores.data.items.length === 0 ? (
              <EmptyState title="No store is connected yet">Connect one below.</EmptyState>
            ) : (
              <Stack spacing={2}>
                {stores.data.items.map((s) => (
                  <StoreCard key={s.id} store={s} onDisconnected={(message, ok) => setRemoved({ message, ok })} />
                ))}
              </Stack>
            )}
          </Box>
          <ConnectSection providers={stores.data.providers} />
        </Stack>
      )}
    </Box>
  );
}

/** Connect buttons per kind: the providers' consent pages, and the credentials forms. */
function ConnectSection({ providers }: { providers: OauthFileStoreKind[] }) {
  const start = useStartFileStoreOauth();
  const [form, setForm] = useState<'s3' | 'webdav' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const missing = oauthFileStoreKinds.filter((k) => !providers.includes(k));
  return (
    <Box component="section" aria-labelledby="fs-connect">
      <Typography id="fs-connect" variant="h2" sx={{ mb: 1.5 }}>
        Connect a store
      </Typography>
      <FormAlert message={notice} severity="success" />
      <FormAlert message={start.error?.message ?? null} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {providers.map((k) => (
          <Button key={k} variant="contained" onClick={() => start.mutate(k)} disabled={start.isPending}>
            Connect {fileStoreKindLabels[k]}
          </Button>
        ))}
        <Button variant="outlined" onClick={() => setForm('s3')} aria-pressed={form === 's3'}>
          Connect S3-compatible storage
        </Button>
        <Button variant="outlined" onClick={() => setForm('webdav')} aria-pressed={form === 'webdav'}>
          Connect WebDAV
        </Button>
      </Box>
      {missing.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {missing.map((k) => fileStoreKindLabels[k]).join(', ')}: not set up on this server yet (your operator adds the app’s client ID and secret).
        </Typography>
      ) : null}
      {form ? (
        <Box sx={{ mt: 2 }}>
          <CredentialsForm
            key={form}
            kind={form}
            onCancel={() => setForm(null)}
            onDone={(store) => {
              setForm(null);
              setNotice(`${store.name} is connected. Run “Test connection” to check that Scanbase can write there.`);
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
