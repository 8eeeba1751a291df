import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { TriStateCheckbox } from '../../../ui/TriStateCheckbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { deletedName, formatScanDateTime, formatShortTime } from '../scan-format';
import type { TemplateTableColumn } from '../template-columns';
import { ScanDetails } from './ScanDetails';
import { SortHeader, type Sort } from './SortHeader';
import { StatusChip } from './StatusChip';

/** The editor of one scan (built by the scan editing screen). */
export const editScanHref = (id: number) => `/account/scans/edit/?scanId=${id}`;

export type ScanTableProps = {
  rows: readonly ScanDetail[];
  /** An export template's columns instead of the default ones. */
  templateColumns?: readonly TemplateTableColumn[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  focusedId: number | null;
  onFocus: (id: number) => void;
  timeZone: string;
  receivedTime: boolean;
  /** Beside the preview pane: response and device are left to the pane, times are short. */
  compact?: boolean;
};

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

function ValueLink({ scan }: { scan: ScanDetail }) {
  return (
    <Link component={RouterLink} href={editScanHref(scan.id)} sx={{ ...mono, fontWeight: 600, overflowWrap: 'break-word' }} onClick={(event) => event.stopPropagation()} title="Edit this scan">
      {scan.value}
    </Link>
  );
}

function detailsHint(scan: ScanDetail): string {
  const answers = scan.answers.length;
  const properties = Object.keys(scan.properties).length;
  if (answers === 0 && properties === 0) return '';
  return [answers ? `${answers} ${answers === 1 ? 'answer' : 'answers'}` : '', properties ? `${properties} ${properties === 1 ? 'property' : 'properties'}` : ''].filter(Boolean).join(' · ');
}

type RowProps = Omit<ScanTableProps, 'rows' | 'sort' | 'onSort' | 'selected'> & { scan: ScanDetail; checked: boolean; span: number };

function ScanTableRow({ scan, checked, onSelect, focusedId, onFocus, templateColumns, timeZone, receivedTime, span, compact = false }: RowProps) {
  const [open, setOpen] = useState(false);
  const focused = focusedId === scan.id;
  const cellTop = { verticalAlign: 'top' as const };
  return (
    <>
      <TableRow
        hover
        selected={checked || focused}
        data-scan-id={scan.id}
        onClick={() => onFocus(scan.id)}
        // Beside the preview pane, rows are reachable by keyboard: Enter or Space shows the row in the pane.
        tabIndex={compact ? 0 : undefined}
        onKeyDown={(event) => {
          if (compact && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            onFocus(scan.id);
          }
        }}
        sx={{ cursor: 'pointer', '& > td': { borderBottom: open ? 0 : undefined }, ...(focused ? { outline: '2px solid', outlineColor: 'primary.light', outlineOffset: -2 } : {}) }}
      >
        <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
          <Checkbox size="small" checked={checked} onChange={(event) => onSelect([scan.id], event.target.checked)} slotProps={{ input: { 'aria-label': `Select scan ${scan.value}` } }} />
        </TableCell>
        <TableCell padding="none" sx={{ width: 36 }} onClick={(event) => event.stopPropagation()}>
          <IconButton size="small" aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} answers and properties of ${scan.value}`} onClick={() => setOpen(!open)}>
            {open ? <KeyboardArrowDown fontSize="small" /> : <KeyboardArrowRight fontSize="small" />}
          </IconButton>
        </TableCell>
        {templateColumns ? (
          templateColumns.map((column) => (
            <TableCell key={column.key} sx={{ ...cellTop, maxWidth: 260, overflowWrap: 'break-word' }}>
              {column.field === 'status' ? <StatusChip status={scan.status} /> : column.field === 'value' ? <ValueLink scan={scan} /> : column.text(scan) || '—'}
            </TableCell>
          ))
        ) : (
          <>
            <TableCell sx={cellTop}>
              <StatusChip status={scan.status} />
            </TableCell>
            <TableCell sx={{ ...cellTop, maxWidth: 220 }}>
              <ValueLink scan={scan} />
              {detailsHint(scan) ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {detailsHint(scan)}
                </Typography>
              ) : null}
            </TableCell>
            {compact ? null : <TableCell sx={{ ...cellTop, maxWidth: 260, overflowWrap: 'break-word' }}>{scan.response || '—'}</TableCell>}
            <TableCell sx={cellTop}>{deletedName(scan.service.name, scan.service.deleted)}</TableCell>
            <TableCell sx={cellTop}>{scan.user ? deletedName(scan.user.name, scan.user.deleted) : '—'}</TableCell>
            {compact ? null : <TableCell sx={cellTop}>{scan.device?.name ?? '—'}</TableCell>}
            <TableCell sx={{ ...cellTop, whiteSpace: 'nowrap' }}>{(compact ? formatShortTime : formatScanDateTime)(receivedTime ? scan.receivedAt : scan.scannedAt, timeZone)}</TableCell>
          </>
        )}
      </TableRow>
      {open ? (
        <TableRow selected={checked}>
          <TableCell colSpan={span} sx={{ py: 0 }}>
            <Collapse in appear>
              <Box sx={{ py: 2, pl: 10 }}>
                <ScanDetails scan={scan} />
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** Scans as a sortable table with selection and expandable answers/properties (wide screens). */
export function ScanTable(props: ScanTableProps) {
  const { rows, templateColumns, sort, onSort, selected, onSelect, receivedTime, compact = false } = props;
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = rows.some((row) => selected.has(row.id));
  const span = 2 + (templateColumns ? templateColumns.length : compact ? 5 : 7);
  const header = { sort, onSort };
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Scans">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <TriStateCheckbox
                size="small"
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onSelect(rows.map((row) => row.id), event.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select every scan on this page' } }}
              />
            </TableCell>
            <TableCell padding="none" />
            {templateColumns ? (
              templateColumns.map((column) => <SortHeader key={column.key} label={column.header} column={column.sortBy} {...header} />)
            ) : (
              <>
                <SortHeader label="Result" column="status" {...header} width={100} />
                <SortHeader label="Value" column="value" {...header} />
                {compact ? null : <SortHeader label="Response" column="response" {...header} />}
                <SortHeader label="Service" column="service" {...header} />
                <SortHeader label="User" column="user" {...header} />
                {compact ? null : <SortHeader label="Device" column="device" {...header} />}
                <SortHeader label={receivedTime ? 'Received' : 'Scanned'} column={receivedTime ? 'received_at' : 'scanned_at'} {...header} width={compact ? 110 : 170} />
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((scan) => (
            <ScanTableRow key={scan.id} {...props} scan={scan} checked={selected.has(scan.id)} span={span} />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
