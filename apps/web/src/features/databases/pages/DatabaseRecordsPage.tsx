import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useNavigate } from '@tanstack/react-router';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { EmptyDatabase } from '../components/EmptyDatabase';
import { ValuesList } from '../components/ValuesList';
import { useDatabaseValues } from '../hooks/useDatabaseValues';
import { useDownloadDatabase } from '../hooks/useDownloadDatabase';
import { formatMatchCount } from '../value-count';

const validityFilters = [
  { value: undefined, label: 'All' },
  { value: '1', label: 'Valid' },
  { value: '0', label: 'Invalid' },
] as const;

function Records({ database }: { database: DatabaseInfo }) {
  const navigate = useNavigate();
  const { search, update } = useListSearch();
  const download = useDownloadDatabase();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Number(search.limit ?? 50) || 50));
  const validity = search.validity === '1' ? 1 : search.validity === '0' ? 0 : undefined;
  const response = search.response ?? '';
  const values = useDatabaseValues({ id: database.id, page, limit, ...(validity !== undefined ? { validity } : {}), ...(response ? { responseSearch: response } : {}) });
  const filtered = validity !== undefined || response !== '';

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1, minWidth: 240 }}>
          Every record in the order it was added. Download them as a CSV to edit in a spreadsheet, then upload the file again.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button
            variant="outlined"
            startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
            disabled={download.isPending || database.valueCount === 0}
            onClick={() => download.mutate({ id: database.id, name: database.name }, { onSuccess: (jobId) => void navigate({ href: `/account/tasks/progress/${jobId}/` }) })}
          >
            Download as CSV
          </Button>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${database.id}/record/upload/`} startIcon={<UploadFileOutlined />}>
            Upload records
          </Button>
        </Stack>
      </Box>
      <FormAlert message={download.error?.message ?? null} />
      {database.valueCount === 0 ? (
        <EmptyDatabase id={database.id} />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
            <Stack direction="row" spacing={1} role="group" aria-label="Result" sx={{ pt: 0.5 }}>
              {validityFilters.map((filter) => {
                const selected = search.validity === filter.value;
                return <Chip key={filter.label} label={filter.label} color={selected ? 'primary' : 'default'} variant={selected ? 'filled' : 'outlined'} aria-pressed={selected} onClick={() => update({ validity: filter.value, page: undefined })} />;
              })}
            </Stack>
            <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
              <ListSearchField label="Response contains" value={response} onSearch={(next) => update({ response: next, page: undefined })} />
            </Box>
            {values.data ? <Typography sx={{ pt: 1 }}>{formatMatchCount(values.data.total, values.data.totalCapped)} {values.data.total === 1 && !values.data.totalCapped ? 'record' : 'records'}</Typography> : null}
          </Box>
          {values.isPending ? (
            <LoadingState label="Loading records…" />
          ) : values.isError ? (
            <ErrorState message={values.error.message} onRetry={() => void values.refetch()} />
          ) : values.data.items.length === 0 ? (
            <EmptyState title="No record matches" action={filtered ? <Button onClick={() => update({ validity: undefined, response: undefined, page: undefined })}>Show all records</Button> : undefined} />
          ) : (
            <>
              <ValuesList databaseId={database.id} values={values.data.items} />
              <Pager page={page} limit={limit} total={values.data.total} onPage={(next) => update({ page: next })} />
            </>
          )}
        </>
      )}
    </Box>
  );
}

/** /account/databases/{id}/record/: every record, filtered by result and response; download as CSV, link to the upload. */
export function DatabaseRecordsPage() {
  return <DatabaseFrame current="record">{(database) => <Records database={database} />}</DatabaseFrame>;
}
