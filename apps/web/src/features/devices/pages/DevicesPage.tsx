import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DevicesTable } from '../components/DevicesTable';
import { useAppUserNames } from '../hooks/useAppUserNames';
import { useDeviceList } from '../hooks/useDeviceList';

/** /account/devices/: phones and scanners that signed in for this account; rename them so scans show a familiar name. */
export function DevicesPage() {
  const { user } = useSession();
  const { search, update } = useListSearch();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Number(search.limit ?? 50) || 50));
  const text = search.search ?? '';
  const list = useDeviceList({ page, limit, ...(text ? { search: text } : {}) });
  const names = useAppUserNames();
  const none = list.data?.total === 0 && !text;

  return (
    <Box>
      <Typography variant="h1">Devices</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Phones and scanners that signed in to the scanner app for your account. Give them names people recognise (&ldquo;Gate 2 scanner&rdquo;); scans and
        reports show this name.
      </Typography>
      {none ? null : (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <ListSearchField label="Search devices by name" value={text} onSearch={(next) => update({ search: next, page: undefined })} />
        </Box>
      )}
      {list.isPending ? (
        <LoadingState label="Loading devices…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : none ? (
        <EmptyState
          title="No devices yet"
          action={
            <Button variant="outlined" component={RouterLink} href="/account/users/">
              Manage users
            </Button>
          }
        >
          A device appears here the first time someone signs in to the scanner app with one of your users.
        </EmptyState>
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No device matches" action={<Button onClick={() => update({ search: undefined, page: undefined })}>Show all devices</Button>}>
          No device name contains &ldquo;{text}&rdquo;.
        </EmptyState>
      ) : (
        <>
          <DevicesTable devices={list.data.items} userNames={names.data} timezone={user?.timezone} />
          <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
    </Box>
  );
}
