import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { V2Error } from '../../../api/v2-client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { Pager } from '../../tasks/components/Pager';
import { PortalFilterForm } from '../../portal/components/PortalFilterForm';
import { pageNumber, usePortalAddress } from '../../portal/hooks/usePortalAddress';
import { usePortalMe } from '../../portal/hooks/usePortalMe';
import { usePortalRefusal } from '../../portal/hooks/usePortalRefusal';
import { SharedScanCard } from '../components/SharedScanCard';
import { UserPortalShell } from '../components/UserPortalShell';
import { useSharedScans } from '../hooks/useSharedScans';

const day = (raw: string) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

function Scans() {
  const address = usePortalAddress();
  const me = usePortalMe('userportal');
  const serviceId = /^\d+$/.test(address.get('q')) ? Number(address.get('q')) : undefined;
  const search = address.get('search');
  const start = day(address.get('start'));
  const end = day(address.get('end'));
  const page = pageNumber(address.get('page'));
  const limit = pageNumber(address.get('limit'), 25, 100);
  const expanded = new Set(address.get('expandeds').split(',').filter((x) => /^\d+$/.test(x)).map(Number));
  const [draft, setDraft] = useState({ search, start: start ?? '', end: end ?? '' });
  const scans = useSharedScans({ serviceId, search: search || undefined, start, end, page, limit });
  usePortalRefusal('/share/preview/login/', (scans.error ?? me.error) as V2Error | null);

  const toggle = (id: number) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    address.set({ expandeds: [...next].join(',') });
  };
  const services = me.data?.services ?? [];
  const filtered = Boolean(search || start || end);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Scans</Typography>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label="Show"
          value={serviceId === undefined ? 'mine' : String(serviceId)}
          onChange={(event) => address.set({ q: event.target.value === 'mine' ? undefined : event.target.value, page: undefined, expandeds: undefined })}
          sx={{ maxWidth: 420 }}
        >
          <MenuItem value="mine">My scans</MenuItem>
          {services.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
          {serviceId !== undefined && !services.some((s) => s.id === serviceId) ? <MenuItem value={String(serviceId)}>Service {serviceId}</MenuItem> : null}
        </TextField>
        <PortalFilterForm label="Filter scans" onApply={() => address.set({ search: draft.search.trim(), start: draft.start, end: draft.end, page: undefined })}>
          <TextField size="small" type="search" label="Value or response" value={draft.search} onChange={(event) => setDraft((d) => ({ ...d, search: event.target.value }))} sx={{ flex: '2 1 220px' }} />
          <TextField size="small" type="date" label="From" value={draft.start} onChange={(event) => setDraft((d) => ({ ...d, start: event.target.value }))} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px' }} />
          <TextField size="small" type="date" label="To" value={draft.end} onChange={(event) => setDraft((d) => ({ ...d, end: event.target.value }))} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: '1 1 150px' }} />
        </PortalFilterForm>
      </Stack>
      {scans.isPending ? (
        <LoadingState label="Loading scans…" />
      ) : scans.isError ? (
        <ErrorState message={`${scans.error.message} (${(scans.error as V2Error).code ?? 'ERROR'})`} onRetry={() => void scans.refetch()} />
      ) : scans.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'Nothing matches' : 'No scans yet'}>{filtered ? 'Try other words or dates.' : serviceId === undefined ? 'Scans you make in the scanner app appear here.' : 'Scans of this service appear here.'}</EmptyState>
      ) : (
        <Box component="section" aria-labelledby="scan-count">
          <Typography id="scan-count" variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {scans.data.totalCapped ? `More than ${scans.data.total.toLocaleString()} scans` : `${scans.data.total.toLocaleString()} scan${scans.data.total === 1 ? '' : 's'}`}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {scans.data.items.map((s) => (
              <SharedScanCard key={s.id} scan={s} expanded={expanded.has(s.id)} onToggle={() => toggle(s.id)} />
            ))}
          </Box>
          <Pager page={page} limit={limit} total={scans.data.total} onPage={(next) => address.set({ page: next })} />
        </Box>
      )}
    </Stack>
  );
}

/** /share/preview/scans/ (q: a shared service's id, search, start, end, expandeds, page, limit): the user portal's scans. */
export function SharedScansPage() {
  return (
    <UserPortalShell current="UP.scans">
      <Scans />
    </UserPortalShell>
  );
}
