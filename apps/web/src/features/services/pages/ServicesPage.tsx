import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { validationMethods, type Service, type ValidationMethod } from '@scanbase/contracts/services';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { NoServicesYet } from '../components/NoServicesYet';
import { SearchField } from '../components/SearchField';
import { ServiceList } from '../components/ServiceList';
import { useDatabaseOptions } from '../hooks/useDatabaseOptions';
import { useDeleteService } from '../hooks/useDeleteService';
import { useServiceList } from '../hooks/useServiceList';
import { serviceTypeInfo } from '../service-types';

/** The order on phones, where the table's sortable headings are not shown. */
const sortOptions = [
  { value: ':asc', label: 'Oldest first' },
  { value: 'created:desc', label: 'Newest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'servicetype:asc', label: 'Type' },
] as const;

function sortValue(sortby: string | undefined, direction: 'asc' | 'desc'): string {
  const value = sortby ? `${sortby}:${direction}` : ':asc';
  return sortOptions.some((option) => option.value === value) ? value : ':asc';
}

const isType = (value: string | undefined): value is ValidationMethod => (validationMethods as readonly string[]).includes(value ?? '');

/** /account/services/: the account's services with search, type filter, sorting and paging, all kept in the address. */
export function ServicesPage() {
  const { search, update } = useListSearch();
  const page = Number(search.page ?? 1) || 1;
  const limit = Math.min(Number(search.limit ?? 25) || 25, 500);
  const servicetype = isType(search.servicetype) ? search.servicetype : undefined;
  const sortdirection = search.sortdirection === 'desc' ? 'desc' : 'asc';
  const filtered = Boolean(search.search) || servicetype !== undefined;
  const list = useServiceList({ page, limit, search: search.search, sortby: search.sortby, sortdirection, servicetype });
  const databases = useDatabaseOptions();
  const databaseNames = new Map((databases.data?.items ?? []).map((db) => [db.id, db.name] as const));
  const remove = useDeleteService();
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const firstVisit = list.data?.total === 0 && !filtered;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Services
        </Typography>
        <Button variant="contained" component={RouterLink} href="/account/services/pre-create/" startIcon={<AddOutlined />}>
          New service
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        A service is what people open in the scanner app: it decides what happens to each scan, which questions follow it and who may use it.
      </Typography>
      <FormAlert message={message} />
      {firstVisit ? null : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2, maxWidth: 760 }} role="search" aria-label="Find services">
          <SearchField label="Search by name" value={search.search ?? ''} onSearch={(text) => update({ search: text, page: undefined })} />
          <TextField
            select
            size="small"
            label="Type"
            value={servicetype ?? ''}
            onChange={(event) => update({ servicetype: event.target.value, page: undefined })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All types</MenuItem>
            {serviceTypeInfo.map((info) => (
              <MenuItem key={info.type} value={info.type}>
                {info.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Order"
            value={sortValue(search.sortby, sortdirection)}
            onChange={(event) => {
              const [sortby, direction] = event.target.value.split(':');
              update({ sortby: sortby || undefined, sortdirection: sortby ? direction : undefined, page: undefined });
            }}
            sx={{ display: { md: 'none' } }}
          >
            {sortOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {list.isPending ? (
        <LoadingState label="Loading services…" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : firstVisit ? (
        <NoServicesYet />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title="No services match"
          action={
            <Button variant="outlined" onClick={() => update({ search: undefined, servicetype: undefined, page: undefined })}>
              Show all services
            </Button>
          }
        >
          Nothing matches {search.search ? `“${search.search}”` : 'this filter'}
          {servicetype ? ` among ${serviceTypeInfo.find((info) => info.type === servicetype)?.label.toLowerCase()} services` : ''}.
        </EmptyState>
      ) : (
        <>
          <ServiceList
            services={list.data.items}
            databaseNames={databaseNames}
            sortby={search.sortby}
            direction={sortdirection}
            onSort={(sortby, direction) => update({ sortby, sortdirection: direction, page: undefined })}
            onDelete={setDeleting}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {list.data.total} {list.data.total === 1 ? 'service' : 'services'}
          </Typography>
          <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this service?"
        confirmLabel="Delete service"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onSuccess: () => setMessage(null), onError: (error) => setMessage(error.message) });
        }}
      >
        &ldquo;{deleting?.name}&rdquo; disappears from the scanner app. Its scans are kept: you still find them under Scans. Its database and questions
        stay too.
      </ConfirmDialog>
    </Box>
  );
}
