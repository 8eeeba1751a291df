import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../ui/QueryStates';
import { AllowListEditor } from '../components/AllowListEditor';
import { ApiFrame } from '../components/ApiFrame';
import { ListSkeleton } from '../components/ListSkeleton';
import { useIpAllowList } from '../hooks/useIpAllowList';

/** /account/api/ipwhitelist/: the addresses allowed to call the legacy API with this account's API keys. */
export function IpAllowListPage() {
  const list = useIpAllowList();
  return (
    <ApiFrame current="ipwhitelist">
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Limit where your API keys work. When the list has entries, calls to the API (<code>/api/</code>) with an <code>api_key</code> are accepted only from these
        addresses; others get error 10. The list does not apply to signing in to this web app or to the scanner app.
      </Typography>
      {list.isPending ? (
        <ListSkeleton label="Loading the allow-list…" rows={1} height={160} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <AllowListEditor entries={list.data.entries} yourIp={list.data.yourIp} />
      )}
    </ApiFrame>
  );
}
