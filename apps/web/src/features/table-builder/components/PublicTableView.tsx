import ArrowBack from '@mui/icons-material/ArrowBack';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { V2Error } from '../../../api/v2-client';
import { MessagePage } from '../../../ui/MessagePage';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { ScannerBar } from '../../scanner/components/ScannerBar';
import { useScannerSession } from '../../scanner/hooks/useScannerSession';
import { SCANNER_HREF } from '../../scanner/scanner-links';
import { ScannerContext, scannerServices } from '../../scanner/scanner-services';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { useAppTable } from '../hooks/useAppTable';
import { useSharedTable } from '../hooks/useSharedTable';
import { readTableSearch, rowsText, writeTableSearch, type TableSearch } from '../table-search';
import { SharePasswordForm } from './SharePasswordForm';
import { TableGrid } from './TableGrid';

const LIMIT = 50;
const ID = /^\d{1,10}$/;

// A public page sits outside the signed-in shell's query layer: it brings its own cache.
let sharedClient: QueryClient | undefined;
const queryClient = () => (sharedClient ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));

type Mode = 'table' | 'device';
type Search = Record<string, string>;

/** The refusal shown for anything but a valid app-user token or share token. */
export function Refusal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MessagePage
      framed
      icon={<BlockOutlined />}
      title={title}
      actions={
        <Button variant="contained" component={RouterLink} href={SCANNER_HREF}>
          Open the scanner
        </Button>
      }
    >
      <span data-testid="table-refusal">{children}</span>
    </MessagePage>
  );
}

function Heading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

/** Opened with a share token: the link's columns, read-only; a password is asked for; an expired or revoked link goes to /share-link-expired. */
function ShareTokenView({ mode, search, state, onState }: { mode: Mode; search: Search; state: TableSearch; onState: (next: TableSearch) => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const deviceId = mode === 'device' ? Number(search.deviceId) : undefined;
  const shared = useSharedTable({ taskId: search.tableId ?? '', token: search.token ?? '', password, query: state.query, page: state.page, limit: LIMIT, deviceId });
  const expired = shared.data?.state === 'expired';
  useEffect(() => {
    if (expired) void navigate({ href: '/share-link-expired', replace: true });
  }, [expired, navigate]);
  if (shared.isError) {
    if (shared.error instanceof V2Error && shared.error.status >= 500) return <ErrorState message={shared.error.message} onRetry={() => void shared.refetch()} />;
    return <Refusal title="This link does not work">The link does not open this table. Ask whoever shared it for a new one.</Refusal>;
  }
  if (shared.isPending || shared.data.state === 'expired') return <LoadingState label="Opening the table…" />;
  if (shared.data.state === 'password') return <SharePasswordForm wrong={shared.data.wrong} onSubmit={setPassword} />;
  const data = shared.data;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Heading title={mode === 'device' ? `${data.name}: rows of device ${search.deviceId}` : data.name}>
        Shared read-only. {rowsText(data.total, data.totalExact)}.
      </Heading>
      <TableGrid label={`${data.name}: rows`} keyLabel={data.keyLabel} columns={data.columns} rows={data.rows} total={data.total} totalExact={data.totalExact} limit={LIMIT} state={state} onState={onState} />
    </Box>
  );
}

/** Opened from the scanner: the app user's token, their columns. */
function AppTokenView({ mode, search, state, onState }: { mode: Mode; search: Search; state: TableSearch; onState: (next: TableSearch) => void }) {
  const { signedIn, profile } = useScannerSession();
  const deviceId = mode === 'device' ? Number(search.deviceId) : undefined;
  const table = useAppTable({ enabled: signedIn, tableId: Number(search.tableId), deviceId, query: state.query, page: state.page, limit: LIMIT });
  if (!signedIn || !profile) {
    return (
      <Refusal title="Sign in to the scanner first">
        This page opens from the Scanbase scanner (signed in as an app user of the table) or with a share link. Sign in to the scanner, then open the table from its menu.
      </Refusal>
    );
  }
  if (table.isError) {
    const e = table.error;
    if (e instanceof V2Error && e.status === 401) return <Refusal title="Your scanner session has ended">Sign in to the scanner again, then open the table from its menu.</Refusal>;
    if (e instanceof V2Error && (e.status === 404 || e.status === 403)) return <Refusal title="You may not open this table">This table does not exist, or your app user is not one of its users. Ask your administrator.</Refusal>;
    return <ErrorState message={e.message} onRetry={() => void table.refetch()} />;
  }
  const data = table.data;
  const self = mode === 'device' && deviceId === profile.device.id;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <ScannerBar title={data?.name ?? 'Table'} subtitle={`${profile.user.username} · ${profile.device.name}`}>
        <IconButton component={RouterLink} href={SCANNER_HREF} aria-label="Back to the scanner" sx={{ color: '#fff' }}>
          <ArrowBack />
        </IconButton>
      </ScannerBar>
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {!data ? (
          <LoadingState label="Opening the table…" />
        ) : (
          <>
            <Heading title={mode === 'device' ? (self ? 'Rows this device scanned' : `Rows device ${search.deviceId} scanned`) : 'All rows'}>
              {rowsText(data.total, data.totalExact)}. {data.editable.length > 0 ? 'Scan a value to add or change its answers.' : 'You may look, not change.'}
            </Heading>
            <TableGrid label={`${data.name}: rows`} keyLabel={data.keyLabel} columns={data.columns} rows={data.rows} total={data.total} totalExact={data.totalExact} limit={LIMIT} state={state} onState={onState} />
          </>
        )}
      </Box>
    </Box>
  );
}

function View({ mode }: { mode: Mode }) {
  const { search, update } = useListSearch();
  const state = readTableSearch(search);
  const onState = (next: TableSearch) => update(writeTableSearch(next));
  if (!search.tableId || !ID.test(search.tableId) || (mode === 'device' && (!search.deviceId || !ID.test(search.deviceId)))) {
    return (
      <Refusal title="This address is incomplete">
        {mode === 'device' ? 'A device lookup needs a table and a device: open it from the scanner’s menu.' : 'A table page needs its table: open it from the scanner’s menu or a share link.'}
      </Refusal>
    );
  }
  if (search.token) {
    return (
      <Box sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 2, sm: 3 } }}>
        <ShareTokenView mode={mode} search={search} state={state} onState={onState} />
      </Box>
    );
  }
  return <AppTokenView mode={mode} search={search} state={state} onState={onState} />;
}

/**
 * `/app-custom?tableId=` and `/device-lookup?tableId=&deviceId=`: a table-builder table (tableId = the instance's id)
 * opened with the scanner's app token (the app user's columns) or a share token (`&token=`, the link's columns);
 * anything else is refused on the page and by the server.
 */
export function PublicTableView({ mode }: { mode: Mode }) {
  return (
    <QueryClientProvider client={queryClient()}>
      <ScannerContext.Provider value={scannerServices()}>
        <View mode={mode} />
      </ScannerContext.Provider>
    </QueryClientProvider>
  );
}
