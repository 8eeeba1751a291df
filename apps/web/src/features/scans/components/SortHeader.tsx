import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { SortBy } from '../search-query';

export type Sort = { by: SortBy; order: 'asc' | 'desc' };

type Props = { label: ReactNode; column: SortBy | undefined; sort: Sort; onSort: (sort: Sort) => void; width?: number | string };

const newestFirst = new Set<SortBy>(['scanned_at', 'received_at', 'modified_at', 'id']);

/** A column heading that sorts by its column (times start newest first, text A to Z; a second click reverses). */
export function SortHeader({ label, column, sort, onSort, width }: Props) {
  if (!column) return <TableCell sx={{ width, whiteSpace: 'nowrap' }}>{label}</TableCell>;
  const active = sort.by === column;
  const first = newestFirst.has(column) ? 'desc' : 'asc';
  return (
    <TableCell sortDirection={active ? sort.order : false} sx={{ width, whiteSpace: 'nowrap' }}>
      <TableSortLabel active={active} direction={active ? sort.order : first} onClick={() => onSort({ by: column, order: active ? (sort.order === 'asc' ? 'desc' : 'asc') : first })}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
