import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@scanbase/contracts/webhooks';
import { useId } from 'react';
import { formatWhen } from '../../api-access/api-format';
import { deliveryLabel, describeEvent, prettyJson } from '../webhook-form';
import { deliveryTone, StatusChip } from './StatusChip';

type Props = {
  delivery: WebhookDelivery;
  url: string;
  timeZone: string | undefined;
  busy: boolean;
  /** Why "Send again" failed, if it did. */
  error: string | null;
  onRedeliver: () => void;
  onClose: () => void;
};

function Block({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{ m: 0, p: 1.5, maxHeight: 320, overflow: 'auto', bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Box>
    </Box>
  );
}

/** One delivery: what was sent (headers named, body), the last reply (status, first 10 KB, duration), attempts; "Send again". */
export function DeliveryDialog({ delivery: d, url, timeZone, busy, error, onRedeliver, onClose }: Props) {
  const titleId = useId();
  const facts: [string, string][] = [
    ['Endpoint', url],
    ['Event', `${d.eventType} — ${describeEvent(d.eventType)}`],
    ['webhook-id', d.messageId],
    ['Created', formatWhen(d.createdAt, timeZone)],
    ['Attempts', String(d.attempts)],
    ...(d.nextAttemptAt ? ([['Next attempt', formatWhen(d.nextAttemptAt, timeZone)]] as [string, string][]) : []),
    ...(d.finishedAt ? ([['Finished', formatWhen(d.finishedAt, timeZone)]] as [string, string][]) : []),
    ['Reply', d.httpStatus === null ? 'No reply' : `HTTP ${d.httpStatus}${d.durationMs !== null ? ` in ${d.durationMs} ms` : ''}`],
    ...(d.redeliveryOf ? ([['Sends again', `delivery #${d.redeliveryOf}`]] as [string, string][]) : []),
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        Delivery #{d.id}
        <StatusChip label={deliveryLabel(d)} tone={deliveryTone(d.status, d.attempts)} />
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 0.5 }, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: label === 'webhook-id' || label === 'Endpoint' ? 'monospace' : undefined }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {d.error ? (
          <Typography role="note" variant="body2" sx={{ color: '#8a1c1c' }}>
            {d.error}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          Sent as <code>POST</code> with <code>content-type: application/json</code>, <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
          <code>webhook-signature</code>.
        </Typography>
        <Block label="Request body" text={prettyJson(d.requestBody)} />
        <Block label="Response body (first 10 KB)" text={d.responseBody === null ? '(none)' : d.responseBody === '' ? '(empty)' : d.responseBody} />
        {error ? (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
            {error}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {d.eventType !== 'webhook.ping' ? (
          <Button startIcon={<Replay />} onClick={onRedeliver} disabled={busy}>
            {busy ? 'Queuing…' : 'Send again'}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
