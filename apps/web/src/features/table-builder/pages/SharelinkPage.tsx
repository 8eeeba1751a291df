import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TableColumn, TableRow } from '@scanbase/contracts/table-builder';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MessagePage } from '../../../ui/MessagePage';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { CellDialog } from '../components/CellDialog';
import { useShareCellUpdate } from '../hooks/useShareCellUpdate';
import { SharePasswordForm } from '../components/SharePasswordForm';
import { TableGrid } from '../components/TableGrid';
import { useSharedTable } from '../hooks/useSharedTable';
import { readTableSearch, rowsText, writeTableSearch } from '../table-search';

const LIMIT = 50;

// A public page sits outside the signed-in shell's query layer: it brings its own cache.
let sharedClient: QueryClient | undefined;
const queryClient = () => (sharedClient ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));

function SharedTable() {
  const { search, update } = useListSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [editing, setEditing] = useState<{ row: TableRow; column: TableColumn } | null>(null);
  const state = readTableSearch(search);
  const shared = useSharedTable({ taskId: search.taskId ?? '', token: search.token ?? '', password, query: state.query, page: state.page, limit: LIMIT });
  const saveCell = useShareCellUpdate({ taskId: search.taskId ?? '', token: search.token ?? '', password });
  const expired = shared.data?.state === 'expired';
  useEffect(() => {
    if (expired) void navigate({ href: '/share-link-expired', replace: true });
  }, [expired, navigate]);

  let body;
  if (!search.taskId || !search.token) body = null;
  else if (shared.isError) body = null;
  else if (shared.isPending || shared.data.state === 'expired') body = <LoadingState label="Opening the shared table…" />;
  else if (shared.data.state === 'password') body = <SharePasswordForm wrong={shared.data.wrong} onSubmit={setPassword} />;
  else {
    const data = shared.data;
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <Box>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Typography>
          <Typography color="text.secondary">
            {data.editable.length > 0 ? `Shared; you may edit ${data.columns.filter((c) => data.editable.includes(c.questionId)).map((c) => c.text).join(', ')}` : 'Shared read-only'}{data.expiresAt ? ` until ${new Date(data.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}` : ''}. {rowsText(data.total, data.totalExact)}.
          </Typography>
        </Box>
        <TableGrid label={`${data.name}: rows`} keyLabel={data.keyLabel} columns={data.columns} rows={data.rows} total={data.total} totalExact={data.totalExact}
          limit={LIMIT}
          state={state}
          onState={(next) => update(writeTableSearch(next))}
          {...(data.editable.length > 0 ? { onCellClick: (row: TableRow, column: TableColumn) => setEditing({ row, column }), editableColumns: data.editable } : {})}
        />
        {editing ? <CellDialog row={editing.row} column={editing.column} save={(value) => saveCell.mutateAsync({ rowId: editing.row.id, questionId: editing.column.questionId, value })} onClose={() => setEditing(null)} /> : null}
      </Box>
    );
  }
  if (body === null) {
    const gone = shared.isError && 'status' in shared.error && shared.error.status !== 404;
    return gone ? (
      <ErrorState message={shared.error?.message ?? 'Could not open the table.'} onRetry={() => void shared.refetch()} />
    ) : (
      <MessagePage framed icon={<LinkOffOutlined />} title="This link does not work">
        The address is incomplete or the link does not exist. Ask whoever shared it for a new one.
      </MessagePage>
    );
  }
  return <Box sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 2, sm: 3 } }}>{body}</Box>;
}

/** /share-link?taskId=&token=: a table shared read-only by its link (no sign-in); an expired or revoked link goes to /share-link-expired. */
export function SharelinkPage() {
  return (
    <QueryClientProvider client={queryClient()}>
      <SharedTable />
    </QueryClientProvider>
  );
}
