import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { WebhookDelivery, WebhookSubscription } from '@scanbase/contracts/webhooks';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TablePager } from '../../../ui/TablePager';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { formatWhen } from '../../api-access/api-format';
import type { DeliveryFilter } from '../hooks/useWebhookDeliveries';
import { useWebhookDeliveries } from '../hooks/useWebhookDeliveries';
import { deliveryLabel } from '../webhook-form';
import { deliveryTone, StatusChip } from './StatusChip';

type Props = {
  subscriptions: readonly WebhookSubscription[];
  filter: DeliveryFilter;
  onFilter: (next: DeliveryFilter) => void;
  timeZone: string | undefined;
  onOpen: (delivery: WebhookDelivery) => void;
};

const reply = (d: WebhookDelivery) => (d.httpStatus === null ? (d.attempts === 0 ? '—' : 'No reply') : `HTTP ${d.httpStatus}`);
const duration = (d: WebhookDelivery) => (d.durationMs === null ? '—' : `${d.durationMs.toLocaleString('en-US')} ms`);

/** The delivery log: filters (subscription, status), newest first as a table (cards on phones), paged; a row opens its details. */
export function DeliveryLog({ subscriptions, filter, onFilter, timeZone, onOpen }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const log = useWebhookDeliveries(filter);
  const client = useQueryClient();
  const urlOf = (id: number) => subscriptions.find((s) => s.id === id)?.url ?? `#${id}`;

  let body;
  if (log.isPending) body = <LoadingState label="Loading deliveries…" />;
  else if (log.isError) body = <ErrorState message={log.error.message} onRetry={() => void log.refetch()} />;
  else if (log.data.items.length === 0)
    body = (
      <EmptyState title={filter.status || filter.subscriptionId ? 'No deliveries match' : 'No deliveries yet'}>
        Every event sent to a subscription is listed here with its request, the reply and the attempts. Use “Send test event” to try a subscription now.
      </EmptyState>
    );
  else if (phone)
    body = (
      <Stack component="ul" spacing={1.5} aria-label="Deliveries" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {log.data.items.map((d) => (
          <Paper component="li" variant="outlined" key={d.id} sx={{ p: 1.5, display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{d.eventType}</Typography>
              <StatusChip label={deliveryLabel(d)} tone={deliveryTone(d.status, d.attempts)} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatWhen(d.createdAt, timeZone)} · {urlOf(d.subscriptionId)}
            </Typography>
            <Typography variant="body2">
              {reply(d)} · {duration(d)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            </Typography>
            <Button size="small" variant="outlined" sx={{ justifySelf: 'start' }} onClick={() => onOpen(d)} aria-label={`Details of delivery ${d.id}`}>
              Details
            </Button>
          </Paper>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Endpoint</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Reply</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell align="right">Duration</TableCell>
              <TableCell>
                <VisuallyHidden>Details</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {log.data.items.map((d) => (
              <TableRow key={d.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(d.createdAt, timeZone)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{d.eventType}</TableCell>
                <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{urlOf(d.subscriptionId)}</TableCell>
                <TableCell>
                  <StatusChip label={deliveryLabel(d)} tone={deliveryTone(d.status, d.attempts)} />
                </TableCell>
                <TableCell>{reply(d)}</TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {duration(d)}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onOpen(d)} aria-label={`Details of delivery ${d.id}`}>
                    Details
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Subscription"
          value={filter.subscriptionId === undefined ? '' : String(filter.subscriptionId)}
          onChange={(e) => onFilter({ ...filter, page: 1, subscriptionId: e.target.value === '' ? undefined : Number(e.target.value) })}
          sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
        >
          <MenuItem value="">All subscriptions</MenuItem>
          {subscriptions.map((s) => (
            <MenuItem key={s.id} value={String(s.id)} sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
              {s.description ? `${s.description} (${s.url})` : s.url}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status ?? ''}
          onChange={(e) => onFilter({ ...filter, page: 1, status: e.target.value === '' ? undefined : (e.target.value as DeliveryFilter['status']) })}
          sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 200px' } }}
        >
          <MenuItem value="">Any status</MenuItem>
          <MenuItem value="succeeded">Delivered</MenuItem>
          <MenuItem value="pending">Waiting or retrying</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </TextField>
        <Button variant="text" onClick={() => void client.invalidateQueries({ queryKey: ['webhooks'] })} sx={{ alignSelf: 'center' }}>
          Refresh
        </Button>
      </Box>
      {body}
      {log.data && log.data.total > filter.limit ? (
        // The server's totals are exact (kept per subscription, migration 0042); `exact` stays for the pager's sake.
        <TablePager
          page={filter.page}
          limit={filter.limit}
          total={log.data.total}
          exact={log.data.totalExact}
          options={[25, 50, 100]}
          onPage={(page) => onFilter({ ...filter, page })}
          onLimit={(limit) => onFilter({ ...filter, page: 1, limit })}
        />
      ) : null}
    </Box>
  );
}
