import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { AppUsersTable, type UserSort } from '../components/AppUsersTable';
import { useAppUserList } from '../hooks/useAppUserList';

/** /account/users/: the people who scan (page 1 and 50 per page unless the address says otherwise; search by name). */
export function AppUsersPage() {
  const { user } = useSession();
  const { search, update } = useListSearch();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Number(search.limit ?? 50) || 50));
  const sort: UserSort = { by: search.sortby === 'username' || search.sortby === 'created' ? search.sortby : undefined, direction: search.sortdirection === 'desc' ? 'desc' : 'asc' };
  const text = search.search ?? '';
  const list = useAppUserList({ page, limit, ...(text ? { search: text } : {}), ...(sort.by ? { sortby: sort.by, sortdirection: sort.direction } : {}) });
  const onSort = (by: 'username' | 'created') => update({ sortby: by, sortdirection: sort.by === by && sort.direction === 'asc' ? 'desc' : 'asc', page: undefined });
  const onlyOwner = list.data !== undefined && !text && list.data.total <= 1;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Users
        </Typography>
        <Button variant="outlined" component={RouterLink} href="/account/devices/">
          Devices
        </Button>
        <Button variant="contained" component={RouterLink} href="/account/users/new/" startIcon={<AddOutlined />}>
          New user
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        The people who sign in to the scanner app. Each user scans only with the services you allow, on as many devices as their limit permits. Administrators of
        this web app are managed separately.
      </Typography>
      <Box sx={{ maxWidth: 420, mb: 2 }}>
        <ListSearchField label="Search users" value={text} onSearch={(next) => update({ search: next, page: undefined })} />
      </Box>
      {list.isPending ? (
        <LoadingState label="Loading users…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No user matches" action={<Button onClick={() => update({ search: undefined, page: undefined })}>Show all users</Button>}>
          No username contains &ldquo;{text}&rdquo;.
        </EmptyState>
      ) : (
        <>
          <AppUsersTable users={list.data.items} sort={sort} onSort={onSort} timezone={user?.timezone} />
          {onlyOwner ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              So far only you can scan, with your own sign-in. <Link component={RouterLink} href="/account/users/new/">Add a user</Link> for each person who scans, so
              every scan shows who made it.
            </Typography>
          ) : null}
          <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
    </Box>
  );
}
