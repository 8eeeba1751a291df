import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TableColumn, TableFilter, TableRow as Row } from '@scanbase/contracts/table-builder';
import { useState, type ReactNode } from 'react';
import { TablePager } from '../../../ui/TablePager';
import { nextSort, type TableSearch } from '../table-search';

const opLabels: Record<TableFilter['op'], string> = { contains: 'contains', equals: 'is', empty: 'is empty', notEmpty: 'is not empty' };

type Props = {
  keyLabel: string;
  columns: TableColumn[];
  rows: Row[];
  total: number;
  /** False: `total` is the count's cap and more rows match ("10,000+"). */
  totalExact?: boolean | undefined;
  limit: number;
  state: TableSearch;
  onState: (next: TableSearch) => void;
  /** Buttons beside the filter (export …). */
  actions?: ReactNode;
  /** Makes a row's cells editable: pressing one calls this. */
  onCellClick?: (row: Row, column: TableColumn) => void;
  /** With `onCellClick`: only these columns are editable (all when not given). */
  editableColumns?: readonly number[] | undefined;
  label: string;
};

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

/** The spreadsheet-like grid of a table: sortable headers, one filter, columns shown or hidden, pages. Its state lives in the address. */
export function TableGrid({ keyLabel, columns, rows, total, totalExact = true, limit, state, onState, actions, onCellClick, editableColumns, label }: Props) {
  const filter = state.query.filters[0];
  const [column, setColumn] = useState(filter?.column ?? 'value');
  const [op, setOp] = useState<TableFilter['op']>(filter?.op ?? 'contains');
  const [value, setValue] = useState(filter?.value ?? '');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const shown = columns.filter((c) => !state.hidden.includes(c.questionId));
  const apply = (patch: Partial<TableSearch>) => onState({ ...state, page: 1, ...patch });
  const applyFilter = (next: { column: string; op: TableFilter['op']; value: string }) => {
    const usable = next.value.trim() !== '' || next.op === 'empty' || next.op === 'notEmpty';
    apply({ query: { ...state.query, filters: usable ? [{ ...next, value: next.value.trim() }] : [] } });
  };
  const header = (key: string, text: string) => (
    <TableSortLabel active={state.query.sort === key} direction={state.query.sort === key ? state.query.direction : 'asc'} onClick={() => apply({ query: { ...state.query, ...nextSort(state.query, key) } })}>
      {text}
    </TableSortLabel>
  );
  const columnName = (key: string) => (key === 'value' ? keyLabel : key === 'updatedAt' ? 'Updated' : (columns.find((c) => String(c.questionId) === key)?.text ?? key));

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Box
        component="form"
        role="search"
        aria-label="Filter the rows"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter({ column, op, value });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField select size="small" label="Column" value={column} onChange={(e) => setColumn(e.target.value)} sx={{ width: { xs: '100%', sm: 180 } }}>
          {['value', ...columns.map((c) => String(c.questionId)), 'updatedAt'].map((key) => (
            <MenuItem key={key} value={key}>
              {columnName(key)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Condition" value={op} onChange={(e) => setOp(e.target.value as TableFilter['op'])} sx={{ width: { xs: '100%', sm: 150 } }}>
          {(Object.keys(opLabels) as TableFilter['op'][]).map((o) => (
            <MenuItem key={o} value={o}>
              {opLabels[o]}
            </MenuItem>
          ))}
        </TextField>
        {op === 'contains' || op === 'equals' ? <TextField size="small" label="Value" value={value} onChange={(e) => setValue(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ width: { xs: '100%', sm: 200 } }} /> : null}
        <Button type="submit" variant="outlined">
          Filter
        </Button>
        {filter ? (
          <Button
            onClick={() => {
              setValue('');
              apply({ query: { ...state.query, filters: [] } });
            }}
          >
            Clear filter
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<ViewColumnOutlined />} onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu">
          Columns
        </Button>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {columns.map((c) => {
            const visible = !state.hidden.includes(c.questionId);
            return (
              <MenuItem key={c.questionId} role="menuitemcheckbox" aria-checked={visible} onClick={() => onState({ ...state, hidden: visible ? [...state.hidden, c.questionId] : state.hidden.filter((h) => h !== c.questionId) })}>
                <Checkbox checked={visible} size="small" tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} sx={{ p: 0, mr: 1 }} />
                <ListItemText>{c.text}</ListItemText>
              </MenuItem>
            );
          })}
        </Menu>
        {actions}
      </Box>
      {filter ? (
        <Typography variant="body2" color="text.secondary">
          Showing rows where {columnName(filter.column)} {opLabels[filter.op]}
          {filter.op === 'contains' || filter.op === 'equals' ? ` “${filter.value}”` : ''}.
        </Typography>
      ) : null}
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: 640 }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{header('value', keyLabel)}</TableCell>
                {shown.map((c) => (
                  <TableCell key={c.questionId} sx={{ fontWeight: 600 }}>
                    {header(String(c.questionId), c.text)}
                  </TableCell>
                ))}
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{header('updatedAt', 'Updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={shown.length + 2}>
                    <Typography color="text.secondary" sx={{ py: 2 }}>
                      {filter ? 'No rows match this filter.' : 'No rows yet: scan a value with the scanner to add its row.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {row.value}
                    </TableCell>
                    {shown.map((c) => {
                      const text = row.cells[String(c.questionId)] ?? '';
                      const editable = onCellClick !== undefined && (!editableColumns || editableColumns.includes(c.questionId));
                      return (
                        <TableCell key={c.questionId} sx={{ overflowWrap: 'anywhere', p: editable ? 0.25 : undefined }}>
                          {editable ? (
                            <Button size="small" color="inherit" onClick={() => onCellClick(row, c)} aria-label={`${text === '' ? '—' : text}, edit ${c.text} of ${row.value}`} sx={{ justifyContent: 'flex-start', textTransform: 'none', fontWeight: 400, minWidth: 48, width: '100%' }}>
                              {text === '' ? <Box component="span" sx={{ color: 'text.disabled' }}>—</Box> : text}
                            </Button>
                          ) : (
                            text
                          )}
                        </TableCell>
                      );
                    })}
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                      {when(row.updatedAt)}
                      {row.updatedBy ? ` · ${row.updatedBy}` : ''}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager page={state.page} limit={limit} total={total} exact={totalExact} onPage={(page) => onState({ ...state, page })} />
      </Paper>
    </Box>
  );
}
