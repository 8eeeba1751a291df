import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PostbackTarget } from '@scanbase/contracts/integrations';
import { useId } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { formatWhen } from '../../api-access/api-format';
import { StatusChip } from '../../webhooks/components/StatusChip';

/** One service's postback or forwarding URL: what is sent, the last day's tally, and its newest attempts. */
export function PostbackTargetCard({ target, timeZone }: { target: PostbackTarget; timeZone: string | undefined }) {
  const headingId = useId();
  const failing = target.failuresLast24h > 0;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="postback-target">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: 17, flex: '1 1 auto' }}>
          {target.serviceName}
        </Typography>
        <StatusChip label={target.kind === 'validate' ? 'Validates scans' : 'Forwards scans'} tone="neutral" />
        {!target.active ? <StatusChip label="Off" tone="neutral" /> : failing ? <StatusChip label={`${target.failuresLast24h} failed today`} tone="error" /> : target.deliveriesLast24h > 0 ? <StatusChip label="Working" tone="ok" /> : null}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' }, gap: { xs: 0.25, sm: 0.75 }, m: 0, mb: 1.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          URL
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {target.url}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Sends
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {target.sends}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Last 24 hours
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {target.deliveriesLast24h === 1 ? '1 attempt' : `${target.deliveriesLast24h} attempts`}, {target.failuresLast24h} failed
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Last success / failure
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {formatWhen(target.lastSuccessAt, timeZone)} / {formatWhen(target.lastFailureAt, timeZone)}
        </Typography>
      </Box>
      {target.recent.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Nothing sent yet.
        </Typography>
      ) : (
        <TableContainer sx={{ mb: 1 }} tabIndex={0} role="region" aria-label={`Recent deliveries of ${target.serviceName} (scroll sideways on a small screen)`}>
          <Table size="small" aria-label={`Recent deliveries of ${target.serviceName}`}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Scan</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>HTTP</TableCell>
                <TableCell>What happened</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {target.recent.map((d) => (
                <TableRow key={d.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(d.at, timeZone)}</TableCell>
                  <TableCell>{d.scanId ?? '—'}</TableCell>
                  <TableCell>
                    <StatusChip label={d.ok ? 'Delivered' : 'Failed'} tone={d.ok ? 'ok' : 'error'} />
                  </TableCell>
                  <TableCell>{d.httpStatus ?? '—'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 180 }}>
                    {d.outcome} <Typography component="span" variant="caption" color="text.secondary">({d.durationMs} ms)</Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RouterLink href={`/account/services/${target.serviceId}/type/`}>Open the service</RouterLink>
        <RouterLink href="/account/postbacktool/">Test a URL with the postback tool</RouterLink>
      </Box>
    </Paper>
  );
}
