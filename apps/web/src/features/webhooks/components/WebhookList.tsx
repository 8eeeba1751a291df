import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/Key';
import ListAlt from '@mui/icons-material/ListAlt';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookSubscription } from '@scanbase/contracts/webhooks';
import { useId } from 'react';
import { formatWhen } from '../../api-access/api-format';
import { deliveryLabel, subscriptionState, usesServiceFilter } from '../webhook-form';
import { deliveryTone, StatusChip } from './StatusChip';

type Props = {
  subscriptions: readonly WebhookSubscription[];
  serviceName: (id: number) => string;
  timeZone: string | undefined;
  /** The subscription an action is running for (its buttons are disabled meanwhile). */
  busyId: number | null;
  onTest: (s: WebhookSubscription) => void;
  onEdit: (s: WebhookSubscription) => void;
  onToggle: (s: WebhookSubscription) => void;
  onRotate: (s: WebhookSubscription) => void;
  onDelete: (s: WebhookSubscription) => void;
  onShowDeliveries: (s: WebhookSubscription) => void;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SubscriptionCard({ s, serviceName, timeZone, busy, ...actions }: Omit<Props, 'subscriptions' | 'busyId'> & { s: WebhookSubscription; busy: boolean }) {
  const headingId = useId();
  const state = subscriptionState(s);
  const filtered = usesServiceFilter(s.events) && s.serviceIds.length > 0;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="webhook-card">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography id={headingId} variant="h3" sx={{ fontFamily: 'monospace', fontSize: 16, overflowWrap: 'anywhere' }}>
            {s.url}
          </Typography>
          {s.description ? (
            <Typography variant="body2" color="text.secondary">
              {s.description}
            </Typography>
          ) : null}
        </Box>
        <StatusChip label={state.label} tone={state.tone} />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 0.75 }, m: 0 }}>
        <Fact label="Events">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {s.events.join(', ')}
          </Box>
        </Fact>
        {usesServiceFilter(s.events) ? <Fact label="Services">{filtered ? s.serviceIds.map(serviceName).join(', ') : 'All services'}</Fact> : null}
        <Fact label="Last delivery">
          {s.lastDelivery ? (
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {formatWhen(s.lastDelivery.at, timeZone)}
              <StatusChip label={s.lastDelivery.httpStatus !== null ? `${deliveryLabel({ status: s.lastDelivery.status, attempts: 1 })} · HTTP ${s.lastDelivery.httpStatus}` : deliveryLabel({ status: s.lastDelivery.status, attempts: 0 })} tone={deliveryTone(s.lastDelivery.status, 1)} />
            </Box>
          ) : (
            'None yet'
          )}
          {s.pending > 0 ? ` · ${s.pending} waiting` : ''}
        </Fact>
        {s.failingSince ? <Fact label="Failing since">{formatWhen(s.failingSince, timeZone)} (paused after 3 days of failures)</Fact> : null}
        <Fact label="Signing secret">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {s.secretHint}
          </Box>
          {s.previousSecretUntil ? ` · the previous secret also signs until ${formatWhen(s.previousSecretUntil, timeZone)}` : ''}
        </Fact>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<Send />} disabled={busy} onClick={() => actions.onTest(s)}>
          Send test event
        </Button>
        <Button size="small" startIcon={<ListAlt />} onClick={() => actions.onShowDeliveries(s)}>
          Deliveries
        </Button>
        <Button size="small" startIcon={<EditOutlined />} disabled={busy} onClick={() => actions.onEdit(s)}>
          Edit
        </Button>
        <Button size="small" startIcon={s.active ? <Pause /> : <PlayArrow />} disabled={busy} onClick={() => actions.onToggle(s)}>
          {s.active ? 'Pause' : 'Resume'}
        </Button>
        <Button size="small" startIcon={<Key />} disabled={busy} onClick={() => actions.onRotate(s)}>
          Rotate secret
        </Button>
        <Button size="small" color="error" startIcon={<DeleteOutline />} disabled={busy} onClick={() => actions.onDelete(s)}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

/** The account's subscriptions as cards: URL, state, events, services, last delivery, secret hint, and their actions. */
export function WebhookList({ subscriptions, busyId, ...rest }: Props) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Webhook subscriptions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {subscriptions.map((s) => (
        <SubscriptionCard key={s.id} s={s} busy={busyId === s.id} {...rest} />
      ))}
    </Stack>
  );
}
