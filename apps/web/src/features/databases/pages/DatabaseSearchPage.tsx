import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { ListSearchField } from '../../../ui/ListSearchField';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/QueryStates';
import { Pager } from '../../tasks/components/Pager';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { EmptyDatabase } from '../components/EmptyDatabase';
import { ValuesList } from '../components/ValuesList';
import { useDatabaseValues } from '../hooks/useDatabaseValues';
import { formatMatchCount } from '../value-count';

function SearchValues({ database }: { database: DatabaseInfo }) {
  const { search, update } = useListSearch();
  const page = Math.max(1, Number(search.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Number(search.limit ?? 50) || 50));
  const text = search.search ?? '';
  const values = useDatabaseValues({ id: database.id, page, limit, ...(text ? { search: text } : {}) });

  if (database.valueCount === 0 && !text) return <EmptyDatabase id={database.id} />;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 320px', maxWidth: 520 }}>
          <ListSearchField label="Search values" value={text} onSearch={(next) => update({ search: next, page: undefined })} helperText="Finds values that contain the text, ignoring case." autoFocus />
        </Box>
        {values.data ? (
          <Typography sx={{ pt: 1 }} aria-live="polite">
            {text ? `${formatMatchCount(values.data.total, values.data.totalCapped)} ${values.data.total === 1 && !values.data.totalCapped ? 'match' : 'matches'}` : `${formatMatchCount(values.data.total, values.data.totalCapped)} ${values.data.total === 1 && !values.data.totalCapped ? 'value' : 'values'}`}
          </Typography>
        ) : null}
      </Box>
      {values.isPending ? (
        <LoadingState label="Loading values…" />
      ) : values.isError ? (
        <ErrorState message={values.error.message} onRetry={() => void values.refetch()} />
      ) : values.data.items.length === 0 ? (
        <EmptyState title="No value matches" action={<Button onClick={() => update({ search: undefined, page: undefined })}>Clear the search</Button>}>
          No value contains &ldquo;{text}&rdquo;.
        </EmptyState>
      ) : (
        <>
          <ValuesList databaseId={database.id} values={values.data.items} />
          {values.data.totalCapped ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              More than 10,000 values {text ? 'match' : 'are in the database'}; the pages go up to the first 10,000. Type more of the value to narrow it down.
            </Typography>
          ) : null}
          <Pager page={page} limit={limit} total={values.data.total} onPage={(next) => update({ page: next })} />
        </>
      )}
    </Box>
  );
}

/** /account/databases/{id}/search/: find values by any part of them, edit or delete them in place. */
export function DatabaseSearchPage() {
  return <DatabaseFrame current="search">{(database) => <SearchValues database={database} />}</DatabaseFrame>;
}
