import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SortBy } from '../search-query';
import type { Sort } from './SortHeader';

const options: { value: string; label: string }[] = [
  { value: 'scanned_at:desc', label: 'Newest first' },
  { value: 'scanned_at:asc', label: 'Oldest first' },
  { value: 'received_at:desc', label: 'Received, newest first' },
  { value: 'value:asc', label: 'Value, A to Z' },
  { value: 'value:desc', label: 'Value, Z to A' },
  { value: 'status:asc', label: 'Result' },
  { value: 'service:asc', label: 'Service' },
  { value: 'user:asc', label: 'User' },
];

/** The order on phones, where the table's sortable headings are not shown. */
export function PhoneSortField({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {
  const value = `${sort.by}:${sort.order}`;
  const known = options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label="Order"
      value={value}
      onChange={(event) => {
        const [by, order] = event.target.value.split(':');
        onSort({ by: by as SortBy, order: order === 'asc' ? 'asc' : 'desc' });
      }}
      sx={{ minWidth: { xs: 0, sm: 170 }, bgcolor: 'background.paper' }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
      {known ? null : <MenuItem value={value}>{`${sort.by.replace('_', ' ')}, ${sort.order === 'asc' ? 'ascending' : 'descending'}`}</MenuItem>}
    </TextField>
  );
}
