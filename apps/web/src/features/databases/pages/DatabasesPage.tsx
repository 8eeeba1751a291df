import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DatabasesTable, type Sort } from '../components/DatabasesTable';
import { useDatabaseList } from '../hooks/useDatabaseList';

const newButton = (label: string) => (
  <Button variant="contained" component={RouterLink} href="/account/databases/new/" startIcon={<AddOutlined />}>
    {label}
  </Button>
);

/** /account/databases/: the account's databases (page, limit, search, sortby, sortdirection in the address). */
export function DatabasesPage() {
  const { user } = useSession();
  const { search, update } = useListSearch();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Number(search.limit ?? 25) || 25));
  const sort: Sort = { by: search.sortby === 'name' || search.sortby === 'created' ? search.sortby : undefined, direction: search.sortdirection === 'desc' ? 'desc' : 'asc' };
  const text = search.search ?? '';
  const list = useDatabaseList({ page, limit, ...(text ? { search: text } : {}), ...(sort.by ? { sortby: sort.by, sortdirection: sort.direction } : {}) });

  const onSort = (by: 'name' | 'created') => update({ sortby: by, sortdirection: sort.by === by && sort.direction === 'asc' ? 'desc' : 'asc', page: undefined });
  const firstTime = list.data?.total === 0 && !text;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Databases
        </Typography>
        {firstTime ? null : newButton('New database')}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Lists of valid values (tickets, badges, part numbers). A service that validates against a database tells the scanner whether each scan is in the list,
        and shows the value&apos;s response text.
      </Typography>
      {firstTime ? null : (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <ListSearchField label="Search databases by name" value={text} onSearch={(next) => update({ search: next, page: undefined })} />
        </Box>
      )}
      {list.isPending ? (
        <LoadingState label="Loading databases…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : firstTime ? (
        <EmptyState title="No databases yet" action={newButton('Create your first database')}>
          Start by creating a database, then add its values: import them from a CSV or Excel file, type them one by one, or generate numbered values. Finally,
          choose the database in a service of the type &ldquo;Validate against a database&rdquo;.
        </EmptyState>
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No database matches" action={<Button onClick={() => update({ search: undefined, page: undefined })}>Show all databases</Button>}>
          No database name contains &ldquo;{text}&rdquo;.
        </EmptyState>
      ) : (
        <>
          <DatabasesTable databases={list.data.items} sort={sort} onSort={onSort} timezone={user?.timezone} />
          <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
    </Box>
  );
}
