import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

type Props = { label: string; busy: boolean; onExport: (format: 'csv' | 'xlsx') => void };

/** "CSV" and "Excel" download buttons named after what they export. */
export function ExportButtons({ label, busy, onExport }: Props) {
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => onExport('csv')} aria-label={`Export ${label} as CSV`}>
        CSV
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => onExport('xlsx')} aria-label={`Export ${label} as Excel`}>
        Excel
      </Button>
    </Stack>
  );
}
