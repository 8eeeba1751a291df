import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ErrorState } from '../../../ui/QueryStates';
import { TablePager } from '../../../ui/TablePager';
import { ColumnsPicker } from '../components/ColumnsPicker';
import { DeleteScansDialog } from '../components/DeleteScansDialog';
import { FullResults } from '../components/FullResults';
import { NewScansChip } from '../components/NewScansChip';
import { NoScans } from '../components/NoScans';
import { PastLastPage } from '../components/PastLastPage';
import { PhoneSortField } from '../components/PhoneSortField';
import { ResultsSkeleton } from '../components/ResultsSkeleton';
import { RangeTotal } from '../components/RangeTotal';
import { ScanSearchFrame } from '../components/ScanSearchFrame';
import { SelectionBar } from '../components/SelectionBar';
import { useAccountZone } from '../hooks/useAccountZone';
import { useExportTemplate } from '../hooks/useExportTemplate';
import { useNewScans } from '../hooks/useNewScans';
import { useCountAll, useScanResults } from '../hooks/useScanResults';
import { useScanSearch } from '../hooks/useScanSearch';
import { useScanSelection } from '../hooks/useScanSelection';
import { periodLabel, plural, pluralTotal } from '../scan-format';
import { activeFilterCount, clearedSearch, filterBody } from '../search-query';
import { templateColumns } from '../template-columns';

/** /account/scans/search/full/: every matching scan with its answers and properties; select, edit, delete, export. */
export function ScanSearchFullPage() {
  const { search, update, replaceAll } = useScanSearch();
  const accountZone = useAccountZone();
  const timeZone = search.tz ?? accountZone;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [countAll, requestCountAll] = useCountAll(search);
  const results = useScanResults(search, countAll);
  const template = useExportTemplate(search.template);
  const selection = useScanSelection(JSON.stringify(filterBody(search)));
  const newCount = useNewScans({ search, shownTotal: results.data?.total, refetch: results.refetch });
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const selectedIds = [...selection.selected];
  const sort = { by: search.sortBy, order: search.sortOrder };
  const onSort = (next: typeof sort) => update({ sortBy: next.by, sortOrder: next.order });
  const columns = template.data ? templateColumns(template.data, accountZone) : undefined;
  const clear = () => replaceAll(clearedSearch(search));
  const data = results.data;

  return (
    <ScanSearchFrame
      view="full"
      search={search}
      update={update}
      replaceAll={replaceAll}
      selectedIds={selectedIds}
      summary={data ? `${pluralTotal(data.total, data.totalExact, 'scan')} · ${periodLabel(search)}` : undefined}
    >
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {search.template !== undefined && template.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => update({ template: undefined, page: search.page }, { replace: true })}>Default columns</Button>}>
          The export template #{search.template} did not load ({template.error.message}); the default columns are shown.
        </Alert>
      ) : null}
      <Box sx={{ display: data?.total === 0 && selectedIds.length === 0 ? 'none' : 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5, minHeight: 40 }}>
        {selectedIds.length > 0 ? (
          <SelectionBar ids={selectedIds} onDelete={() => setDeleting(true)} onClear={selection.clear} />
        ) : (
          data ? <RangeTotal page={search.page} limit={search.limit} total={data.total} exact={data.totalExact} counting={countAll && results.isFetching && !data.totalExact} onCountAll={requestCountAll} /> : <Typography color="text.secondary"> </Typography>
        )}
        <NewScansChip count={newCount} onShow={() => update({ page: 1, sortBy: 'scanned_at', sortOrder: 'desc' })} />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'auto auto' }, gap: 1.5, alignItems: 'center', width: { xs: '100%', md: 'auto' } }}>
          {phone ? <PhoneSortField sort={sort} onSort={onSort} /> : null}
          <ColumnsPicker value={search.template} onChange={(next) => update({ template: next, page: search.page }, { replace: true })} />
          {phone ? null : (
            <FormControlLabel
              control={<Switch checked={search.preview} onChange={(event) => update({ preview: event.target.checked, page: search.page }, { replace: true })} />}
              label="Preview"
              sx={{ mr: 0 }}
            />
          )}
        </Box>
      </Box>
      {results.isPending ? (
        <ResultsSkeleton />
      ) : results.isError ? (
        <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />
      ) : data && data.items.length === 0 ? (
        data.total > 0 ? (
          <PastLastPage total={data.total} onFirst={() => update({ page: 1 })} />
        ) : (
          <NoScans filtered={activeFilterCount(search) > 0} onClear={clear} />
        )
      ) : data ? (
        <Box sx={{ opacity: results.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={results.isFetching}>
          <FullResults
            rows={data.items}
            templateColumns={columns}
            sort={sort}
            onSort={onSort}
            selected={selection.selected}
            onSelect={selection.select}
            timeZone={timeZone}
            receivedTime={search.dataReceived}
            preview={search.preview}
            onClosePreview={() => update({ preview: false, page: search.page }, { replace: true })}
          />
          <TablePager page={search.page} limit={search.limit} total={data.total} exact={data.totalExact} onPage={(page) => update({ page })} onLimit={(limit) => update({ limit })} />
        </Box>
      ) : null}
      <DeleteScansDialog
        ids={selectedIds}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={(count) => {
          setDeleting(false);
          selection.clear();
          setNotice(`${plural(count, 'scan')} deleted.`);
        }}
      />
    </ScanSearchFrame>
  );
}
