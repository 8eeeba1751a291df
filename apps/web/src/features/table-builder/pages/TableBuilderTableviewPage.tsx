import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import type { TableColumn, TableRow } from '@scanbase/contracts/table-builder';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useListSearch } from '../../tasks/hooks/useListSearch';
import { CellDialog } from '../components/CellDialog';
import { RowHistory } from '../components/RowHistory';
import { TableGrid } from '../components/TableGrid';
import { useExportTable } from '../hooks/useExportTable';
import { useSetTableCell } from '../hooks/useSetTableCell';
import { useTableRows } from '../hooks/useTableRows';
import { readTableSearch, writeTableSearch } from '../table-search';

const LIMIT = 50;

function Grid({ instance }: { instance: SpecializedInstanceDetail }) {
  const { search, update } = useListSearch();
  const state = readTableSearch(search);
  // A filtered count stops past 10,000 ("10,000+"); the user may ask for the exact number.
  const [countAll, setCountAll] = useState(false);
  const rows = useTableRows(instance.id, state.query, state.page, LIMIT, countAll);
  const exporter = useExportTable(instance.id);
  const setCell = useSetTableCell(instance.id);
  const [editing, setEditing] = useState<{ row: TableRow; column: TableColumn } | null>(null);
  if (rows.isPending) return <LoadingState label="Loading the table…" />;
  if (rows.isError) return <ErrorState message={rows.error.message} onRetry={() => void rows.refetch()} />;
  const shownIds = rows.data.columns.map((c) => c.questionId).filter((q) => !state.hidden.includes(q));
  const download = (format: 'csv' | 'xlsx') => exporter.mutate({ query: state.query, format, questionIds: shownIds });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <FormAlert message={exporter.isError ? exporter.error.message : null} />
      <TableGrid
        label={`${instance.name}: rows`}
        keyLabel={rows.data.keyLabel}
        columns={rows.data.columns}
        rows={rows.data.rows}
        total={rows.data.total}
        totalExact={rows.data.totalExact}
        limit={LIMIT}
        state={state}
        onState={(next) => update(writeTableSearch(next))}
        onCellClick={(row, column) => setEditing({ row, column })}
        actions={
          <>
            {rows.data.totalExact ? null : (
              <Button onClick={() => setCountAll(true)} disabled={rows.isFetching}>
                Count all matches
              </Button>
            )}
            <Button startIcon={<FileDownloadOutlined />} onClick={() => download('csv')} disabled={exporter.isPending}>
              CSV
            </Button>
            <Button startIcon={<FileDownloadOutlined />} onClick={() => download('xlsx')} disabled={exporter.isPending}>
              XLSX
            </Button>
          </>
        }
      />
      {editing ? (
        <CellDialog
          row={editing.row}
          column={editing.column}
          save={(value) => setCell.mutateAsync({ rowId: editing.row.id, questionId: editing.column.questionId, value })}
          history={<RowHistory instanceId={instance.id} rowId={editing.row.id} />}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/table-builder/tableview/: every row, live; filter and sort in the address; edit a cell; export. */
export function TableBuilderTableviewPage() {
  return (
    <InstanceFrame type="table-builder" tab="tableview" intro="One row per scanned value, with the latest answer of each column. Rows change here as people scan; press a cell to edit it and see the row's history.">
      {(instance) => <Grid key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
