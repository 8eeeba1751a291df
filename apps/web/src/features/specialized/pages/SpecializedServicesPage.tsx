import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { specializedTypeInfo, specializedTypes, type SpecializedInstance, type SpecializedType } from '@scanbase/contracts/specialized';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { SearchField } from '../../services/components/SearchField';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { InstanceList } from '../components/InstanceList';
import { useDeleteSpecialized } from '../hooks/useDeleteSpecialized';
import { useSpecializedList } from '../hooks/useSpecializedList';

const isType = (value: string | undefined): value is SpecializedType => (specializedTypes as readonly string[]).includes(value ?? '');

/** /account/specialized-services/: the instances with type, scans today and status; search, type filter and page in the address. */
export function SpecializedServicesPage() {
  const { search, update } = useListSearch();
  const page = Number(search.page ?? 1) || 1;
  const limit = 25;
  const type = isType(search.type) ? search.type : undefined;
  const filtered = Boolean(search.search) || type !== undefined;
  const list = useSpecializedList({ page, limit, search: search.search, type });
  const remove = useDeleteSpecialized();
  const [deleting, setDeleting] = useState<SpecializedInstance | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const firstVisit = list.data?.total === 0 && !filtered;

  let body;
  if (list.isPending) body = <LoadingState label="Loading specialized services…" />;
  else if (list.isError) body = <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (firstVisit)
    body = (
      <EmptyState
        title="No specialized services yet"
        action={
          <Button variant="contained" component={RouterLink} href="/account/specialized-services/create/">
            Pick a type
          </Button>
        }
      >
        Ready-made workflows for the door of an event, a site or a classroom: check people in and out, take attendance, check tickets at the gate.
      </EmptyState>
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        title="Nothing matches"
        action={
          <Button variant="outlined" onClick={() => update({ search: undefined, type: undefined, page: undefined })}>
            Show all
          </Button>
        }
      />
    );
  else
    body = (
      <>
        <InstanceList instances={list.data.items} onDelete={setDeleting} />
        <Pager page={page} limit={limit} total={list.data.total} onPage={(next) => update({ page: next === 1 ? undefined : next })} />
      </>
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Specialized services
        </Typography>
        <Button variant="contained" component={RouterLink} href="/account/specialized-services/create/" startIcon={<AddOutlined />}>
          New specialized service
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Ready-made workflows built on ordinary services: they use your databases, questions and app users, and their scans appear with all the others.
      </Typography>
      <FormAlert message={message} />
      {firstVisit || list.isPending ? null : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2, maxWidth: 760 }} role="search" aria-label="Find specialized services">
          <SearchField label="Search by name" value={search.search ?? ''} onSearch={(text) => update({ search: text, page: undefined })} />
          <TextField
            select
            size="small"
            label="Type"
            value={type ?? ''}
            onChange={(event) => update({ type: event.target.value, page: undefined })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All types</MenuItem>
            {specializedTypes.map((t) => (
              <MenuItem key={t} value={t}>
                {specializedTypeInfo[t].title}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setMessage(null),
            onError: (error) => setMessage(error.message),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        Scanners can no longer use it. Its scans stay and can still be searched and exported; its database stays too.
      </ConfirmDialog>
    </Box>
  );
}
