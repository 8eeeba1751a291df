import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { triggerLabels, type HookSource, type TriggerEventType } from '@scanbase/contracts/integrations';
import { useSession } from '../../../session/useSession';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { formatWhen } from '../../api-access/api-format';
import { StatusChip } from '../../webhooks/components/StatusChip';
import { useRemoveRestHook } from '../hooks/useRemoveRestHook';
import { useRestHooks } from '../hooks/useRestHooks';

/** The REST hooks the app subscribed (one per turned-on Zap or scenario), with a way to remove a stale one. */
export function RestHookList({ source, appName }: { source: HookSource; appName: string }) {
  const { user } = useSession();
  const hooks = useRestHooks(source);
  const remove = useRemoveRestHook();
  if (hooks.isPending) return <LoadingState label="Loading REST hooks…" />;
  if (hooks.isError) return <ErrorState message={hooks.error.message} onRetry={() => void hooks.refetch()} />;
  if (hooks.data.items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="rest-hooks-empty">
        None yet. When you turn on a {appName} {source === 'zapier' ? 'Zap' : 'scenario'} with a Scanbase trigger, it subscribes here and events are sent to it at once.
      </Typography>
    );
  return (
    <Box>
      <FormAlert message={remove.error?.message ?? null} severity="error" />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label={`${appName} REST hooks`}>
        {hooks.data.items.map((h) => (
          <Paper component="li" variant="outlined" key={h.id} sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }} data-testid="rest-hook">
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {triggerLabels[h.event as TriggerEventType] ?? h.event}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {h.targetUrl}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Subscribed {formatWhen(h.createdAt, user?.timezone || undefined)}
              </Typography>
            </Box>
            <StatusChip label={h.active ? 'Active' : 'Paused'} tone={h.active ? 'ok' : 'warn'} />
            <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(h.id)} aria-label={`Remove the ${triggerLabels[h.event as TriggerEventType] ?? h.event} hook to ${h.targetUrl}`}>
              Remove
            </Button>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
