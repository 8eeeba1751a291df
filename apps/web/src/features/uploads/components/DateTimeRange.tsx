import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { UploadFilters } from '../upload-filters';

type Key = 'sd' | 'st' | 'ed' | 'et';
type Props = { filters: UploadFilters; problems: Partial<Record<Key, string>>; onChange: (key: Key, value: string) => void };

const fields: { key: Key; label: string; type: 'date' | 'time'; read: (f: UploadFilters) => string }[] = [
  { key: 'sd', label: 'From date', type: 'date', read: (f) => f.startDate },
  { key: 'st', label: 'From time', type: 'time', read: (f) => f.startTime },
  { key: 'ed', label: 'To date', type: 'date', read: (f) => f.endDate },
  { key: 'et', label: 'To time', type: 'time', read: (f) => f.endTime },
];

/** The received date-time range: dates with optional times (start of the day / end of the day when left empty). */
export function DateTimeRange({ filters, problems, onChange }: Props) {
  return (
    <Box role="group" aria-label="Received between" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' } }}>
      {fields.map((field) => (
        <TextField
          key={field.key}
          type={field.type}
          size="small"
          label={field.label}
          value={field.read(filters)}
          onChange={(event) => onChange(field.key, event.target.value)}
          error={Boolean(problems[field.key])}
          helperText={problems[field.key]}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Box>
  );
}
