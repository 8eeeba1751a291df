import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { V2Error } from '../../../api/v2-client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { Pager } from '../../tasks/components/Pager';
import { PortalFilterForm } from '../../portal/components/PortalFilterForm';
import { flag, pageNumber, usePortalAddress } from '../../portal/hooks/usePortalAddress';
import { usePortalMe } from '../../portal/hooks/usePortalMe';
import { usePortalRefusal } from '../../portal/hooks/usePortalRefusal';
import { ScanStatusChip } from '../components/ScanStatusChip';
import { UserPortalShell } from '../components/UserPortalShell';
import { useSharedDb } from '../hooks/useSharedDb';

type Validity = 'all' | 'valid' | 'invalid';
const validities: Validity[] = ['all', 'valid', 'invalid'];
const validityLabel: Record<Validity, string> = { all: 'Valid and invalid', valid: 'Valid only', invalid: 'Invalid only' };

function Lookup() {
  const address = usePortalAddress();
  const me = usePortalMe('userportal');
  const withDb = (me.data?.services ?? []).filter((s) => s.hasDatabase);
  const chosen = /^\d+$/.test(address.get('q')) ? Number(address.get('q')) : withDb[0]?.id;
  const applied = {
    value: address.get('value'),
    exactValue: flag(address.get('exactValue'), false),
    valueCi: flag(address.get('valueCi'), true),
    response: address.get('response'),
    exactResponse: flag(address.get('exactResponse'), false),
    responseCi: flag(address.get('responseCi'), true),
    duplicateType: (validities as string[]).includes(address.get('duplicateType')) ? (address.get('duplicateType') as Validity) : 'all',
  };
  const page = pageNumber(address.get('page'));
  const limit = pageNumber(address.get('limit'), 25, 100);
  const [draft, setDraft] = useState(applied);
  const db = useSharedDb(chosen === undefined ? null : { serviceId: chosen, ...applied, value: applied.value || undefined, response: applied.response || undefined, page, limit });
  usePortalRefusal('/share/preview/login/', (db.error ?? me.error) as V2Error | null);

  if (me.isPending) return <LoadingState label="Loading what is shared with you…" />;
  if (me.isError) return <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />;
  if (withDb.length === 0) return <EmptyState title="No databases shared with you">An administrator can share a service that validates against a database with you; its values can then be looked up here.</EmptyState>;
  const apply = () =>
    address.set({ value: draft.value.trim(), exactValue: draft.exactValue ? '1' : undefined, valueCi: draft.valueCi ? undefined : '0', response: draft.response.trim(), exactResponse: draft.exactResponse ? '1' : undefined, responseCi: draft.responseCi ? undefined : '0', duplicateType: draft.duplicateType === 'all' ? undefined : draft.duplicateType, page: undefined });
  const check = (key: 'exactValue' | 'valueCi' | 'exactResponse' | 'responseCi', label: string) => (
    <FormControlLabel control={<Checkbox size="small" checked={draft[key]} onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.checked }))} />} label={label} />
  );
  const filtered = Boolean(applied.value || applied.response || applied.duplicateType !== 'all');
  return (
    <Stack spacing={2.5}>
      <TextField select size="small" label="Service" value={chosen === undefined ? '' : String(chosen)} onChange={(event) => address.set({ q: event.target.value, page: undefined })} sx={{ maxWidth: 420 }}>
        {withDb.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
        {chosen !== undefined && !withDb.some((s) => s.id === chosen) ? <MenuItem value={String(chosen)}>Service {chosen}</MenuItem> : null}
      </TextField>
      <PortalFilterForm label="Look up values" onApply={apply}>
        <Box sx={{ flex: '1 1 260px' }}>
          <TextField size="small" fullWidth type="search" label="Value" value={draft.value} onChange={(event) => setDraft((d) => ({ ...d, value: event.target.value }))} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {check('exactValue', 'Exact')}
            {check('valueCi', 'Ignore case')}
          </Box>
        </Box>
        <Box sx={{ flex: '1 1 260px' }}>
          <TextField size="small" fullWidth type="search" label="Response" value={draft.response} onChange={(event) => setDraft((d) => ({ ...d, response: event.target.value }))} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {check('exactResponse', 'Exact')}
            {check('responseCi', 'Ignore case')}
          </Box>
        </Box>
        <TextField select size="small" label="Validity" value={draft.duplicateType} onChange={(event) => setDraft((d) => ({ ...d, duplicateType: event.target.value as Validity }))} sx={{ flex: '0 1 200px' }}>
          {validities.map((v) => (
            <MenuItem key={v} value={v}>
              {validityLabel[v]}
            </MenuItem>
          ))}
        </TextField>
      </PortalFilterForm>
      {db.isPending ? (
        <LoadingState label="Looking values up…" />
      ) : db.isError ? (
        <ErrorState message={`${db.error.message} (${(db.error as V2Error).code ?? 'ERROR'})`} onRetry={() => void db.refetch()} />
      ) : db.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'Nothing matches' : 'This database is empty'}>{filtered ? 'Try another value or response, or untick Exact.' : 'Values added by an administrator appear here.'}</EmptyState>
      ) : (
        <Box component="section" aria-labelledby="db-count">
          <Typography id="db-count" variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {db.data.databaseName}: {db.data.totalCapped ? `more than ${db.data.total.toLocaleString()} values` : `${db.data.total.toLocaleString()} value${db.data.total === 1 ? '' : 's'}`}
          </Typography>
          <Box sx={{ overflowX: 'auto', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Table size="small" aria-label={`Values of ${db.data.databaseName}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Value</TableCell>
                  <TableCell>Response</TableCell>
                  <TableCell>Validity</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {db.data.items.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{v.value}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{v.response}</TableCell>
                    <TableCell>
                      <ScanStatusChip status={v.validity} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Pager page={page} limit={limit} total={db.data.total} onPage={(next) => address.set({ page: next })} />
        </Box>
      )}
    </Stack>
  );
}

/** /share/preview/db/ (q: a shared service's id; duplicateType, value, valueCi, exactValue, response, exactResponse, responseCi, page, limit): database lookup. */
export function SharedDbPage() {
  return (
    <UserPortalShell current="UP.db">
      <Stack spacing={3}>
        <Typography variant="h1">Database lookup</Typography>
        <Lookup />
      </Stack>
    </UserPortalShell>
  );
}
