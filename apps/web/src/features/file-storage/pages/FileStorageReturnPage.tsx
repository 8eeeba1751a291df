import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileStoreKindLabels, finishFileStoreOauth, type FileStore, type OauthFileStoreKind } from '@scanbase/contracts/file-storage';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../../app/useServices';
import { useQueryParam } from '../../../ui/useQueryParam';
import { LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { IntegrationsBreadcrumb } from '../../integrations/components/IntegrationsBreadcrumb';
import { fileStoresKey } from '../hooks/useFileStores';
import { useSetExportsStore } from '../hooks/useSetExportsStore';
import { useStartFileStoreOauth } from '../hooks/useStartFileStoreOauth';
import { kindFromPath, returnBody } from '../oauth-return';

type Outcome = { ok: true; store: FileStore } | { ok: false; message: string };

/**
 * The return pages of Google Drive, Dropbox and OneDrive (`code`, `state`, `error`, `error_description`): the
 * connection is finished once (even when React runs the effect twice), then the store or an actionable error.
 */
export function FileStorageReturnPage() {
  const { v2 } = useServices();
  const client = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const kind = kindFromPath(pathname) ?? 'google_drive';
  const label = fileStoreKindLabels[kind];
  const query = { code: useQueryParam('code'), state: useQueryParam('state'), error: useQueryParam('error'), error_description: useQueryParam('error_description') };
  // Read once: what the provider sent the browser back with.
  const [body] = useState(() => returnBody(query));
  const [outcome, setOutcome] = useState<Outcome | null>(body ? null : { ok: false, message: `${label} sent nothing back to this page. Start again with “Connect ${label}”.` });
  const started = useRef(false);
  useEffect(() => {
    if (!body || started.current) return;
    started.current = true;
    v2.call(finishFileStoreOauth, { kind, ...body }).then(
      (reply) => {
        setOutcome(reply);
        void client.invalidateQueries({ queryKey: fileStoresKey });
      },
      (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : 'The connection could not be finished.' }),
    );
  }, [body, client, kind, v2]);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <IntegrationsBreadcrumb />
      <Typography variant="h1">Connecting {label}</Typography>
      <Box sx={{ mt: 2 }}>{outcome === null ? <LoadingState label={`Finishing the connection to ${label}…`} /> : outcome.ok ? <Connected store={outcome.store} /> : <Failed kind={kind} message={outcome.message} />}</Box>
    </Box>
  );
}

function Connected({ store }: { store: FileStore }) {
  const choose = useSetExportsStore();
  return (
    <Stack spacing={2}>
      <FormAlert severity="success" message={`${store.name} is connected.`} />
      <Typography>Scanbase can now copy task files to it. Choose it as the place where task files go, or keep it for later.</Typography>
      <FormAlert message={choose.error?.message ?? null} />
      {choose.isSuccess ? <FormAlert severity="success" message={`Every task run’s file is now copied to ${store.name}.`} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {!choose.isSuccess ? (
          <Button variant="contained" onClick={() => choose.mutate({ exportsStoreId: store.id })} disabled={choose.isPending}>
            Copy task files to {store.name}
          </Button>
        ) : null}
        <Button component={RouterLink} href="/account/integrations/file-storage/">
          Back to file storage
        </Button>
      </Stack>
    </Stack>
  );
}

function Failed({ kind, message }: { kind: OauthFileStoreKind; message: string }) {
  const start = useStartFileStoreOauth();
  return (
    <Stack spacing={2}>
      <FormAlert message={message} />
      <FormAlert message={start.error?.message ?? null} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={() => start.mutate(kind)} disabled={start.isPending}>
          Try again
        </Button>
        <Button component={RouterLink} href="/account/integrations/file-storage/">
          Back to file storage
        </Button>
      </Stack>
    </Stack>
  );
}
