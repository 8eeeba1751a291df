import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { bucketChoices, type BucketChoice } from '../statistics-series';

/** How scans are grouped over time: automatic (from the period), or by hour, day, week or month. */
export function BucketPicker({ value, onChange }: { value: BucketChoice; onChange: (bucket: BucketChoice) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: BucketChoice | null) => {
        if (next) onChange(next);
      }}
      aria-label="Group scans by"
      sx={{ bgcolor: 'background.paper', flexWrap: 'wrap', '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
    >
      {bucketChoices.map((choice) => (
        <ToggleButton key={choice.value} value={choice.value}>
          {choice.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
