import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { IntegrationsBreadcrumb } from '../components/IntegrationsBreadcrumb';
import { PostbackTargetCard } from '../components/PostbackTargetCard';
import { usePostbackTargets } from '../hooks/usePostbackTargets';

/** /account/integrations/postback/: every service's postback or forwarding URL with its recent deliveries and failures (docs/INTEGRATIONS.md). */
export function PostbackIntegrationPage() {
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const targets = usePostbackTargets();
  let body;
  if (targets.isPending) body = <LoadingState label="Loading postback targets…" />;
  else if (targets.isError) body = <ErrorState message={targets.error.message} onRetry={() => void targets.refetch()} />;
  else if (targets.data.items.length === 0)
    body = (
      <EmptyState title="No service posts scans yet" action={<RouterLink href="/account/services/">Open your services</RouterLink>}>
        Give a service a postback URL (on its first tab) to let your server validate its scans, or to forward a copy of every scan to it.
      </EmptyState>
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {targets.data.items.map((t) => (
          <PostbackTargetCard key={t.serviceId} target={t} timeZone={timeZone} />
        ))}
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <IntegrationsBreadcrumb />
      <Typography variant="h1">Postback</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 780 }}>
        Services with a postback URL send each scan to your server: a postback service waits for the reply to decide whether the scan is valid; other services forward a
        copy. Here are the last attempts of each, newest first. Try an address before you use it with the <RouterLink href="/account/postbacktool/">postback tool</RouterLink>.
      </Typography>
      {body}
    </Box>
  );
}
