import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileStoreKindLabels, type FileStore, type OauthFileStoreKind } from '@scanbase/contracts/file-storage';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useDisconnectFileStore } from '../hooks/useDisconnectFileStore';
import { useStartFileStoreOauth } from '../hooks/useStartFileStoreOauth';
import { useTestFileStore } from '../hooks/useTestFileStore';
import { StoreTestResult } from './StoreTestResult';

const isOauth = (kind: FileStore['kind']): kind is OauthFileStoreKind => kind === 'google_drive' || kind === 'dropbox' || kind === 'onedrive';

/** One connected store: what and where it is, its state, "Test connection" and "Disconnect". */
export function StoreCard({ store, onDisconnected }: { store: FileStore; onDisconnected: (message: string, ok: boolean) => void }) {
  const test = useTestFileStore();
  const remove = useDisconnectFileStore();
  const reconnect = useStartFileStoreOauth();
  const [confirming, setConfirming] = useState(false);
  const headingId = `store-${store.id}`;
  const disconnected = store.status === 'disconnected';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: 18, fontWeight: 600, mr: 'auto', wordBreak: 'break-word' }}>
          {store.name}
        </Typography>
        {store.forExports ? <Chip size="small" label={store.copyScanFiles ? 'Receives task files and scan photos' : 'Receives task files'} color="primary" variant="outlined" /> : null}
        <Chip size="small" label={disconnected ? 'Disconnected' : 'Connected'} color={disconnected ? 'error' : 'success'} />
      </Box>
      {store.name !== fileStoreKindLabels[store.kind] ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {fileStoreKindLabels[store.kind]}
        </Typography>
      ) : null}
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.25 }}>
        {store.details.map((d) => (
          <Box key={d.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {d.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
              {d.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {store.lastError && !test.data ? (
        <Typography variant="body2" sx={{ mt: 1, color: '#8a1c1c', wordBreak: 'break-word' }}>
          Last problem: {store.lastError}
        </Typography>
      ) : null}
      {test.data ? <StoreTestResult result={test.data} /> : null}
      <FormAlert message={test.error?.message ?? remove.error?.message ?? reconnect.error?.message ?? null} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        {disconnected && isOauth(store.kind) ? (
          <Button variant="contained" onClick={() => reconnect.mutate(store.kind as OauthFileStoreKind)} disabled={reconnect.isPending}>
            Connect again
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => test.mutate(store.id)} disabled={test.isPending}>
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
        )}
        <Button color="error" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={`Disconnect ${store.name}?`}
        confirmLabel="Disconnect"
        danger
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(store.id, {
            onSuccess: (reply) => onDisconnected(reply.message, reply.revoke !== 'failed'),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Scanbase forgets its {isOauth(store.kind) ? 'access to your account there' : 'credentials'}
        {store.kind === 'google_drive' || store.kind === 'dropbox' ? ` and asks ${fileStoreKindLabels[store.kind]} to revoke it` : ''}
        {store.forExports ? ', and stops copying files to it' : ''}. Files already copied stay where they are.
      </ConfirmDialog>
    </Paper>
  );
}
