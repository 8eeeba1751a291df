import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';

type Props = { label: string; column: string; sortby: string | undefined; direction: 'asc' | 'desc'; onSort: (column: string, direction: 'asc' | 'desc') => void };

/** A column heading that sorts the list by its column; a second click reverses the order. */
export function SortableHeader({ label, column, sortby, direction, onSort }: Props) {
  const active = sortby === column;
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort(column, active && direction === 'asc' ? 'desc' : 'asc')}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
