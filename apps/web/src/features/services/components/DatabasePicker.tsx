import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useDatabaseOptions } from '../hooks/useDatabaseOptions';

type Props = { value: string; onChange: (id: string) => void; error?: string };

/** Picks the database a service checks scans against; links to creating one when there is none. */
export function DatabasePicker({ value, onChange, error }: Props) {
  const databases = useDatabaseOptions();
  if (databases.isPending) return <LoadingState label="Loading your databases…" />;
  if (databases.isError) return <ErrorState message={databases.error.message} onRetry={() => void databases.refetch()} />;
  const items = databases.data.items;
  if (items.length === 0) {
    return (
      <Box role={error ? 'alert' : undefined} sx={{ p: 2, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>You have no databases yet</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
          This type checks each scan against a list of valid values. Create a database and import your values first, then come back here.
        </Typography>
        <Button variant="outlined" component={RouterLink} href="/account/databases/new/">
          Create a database
        </Button>
      </Box>
    );
  }
  return (
    <Box>
      <TextField
        select
        fullWidth
        size="small"
        label="Database"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'The list of valid values each scan is checked against'}
      >
        {items.map((db) => (
          <MenuItem key={db.id} value={String(db.id)}>
            {db.name} ({db.valueCount.toLocaleString()} {db.valueCount === 1 ? 'value' : 'values'})
          </MenuItem>
        ))}
      </TextField>
      <Link component={RouterLink} href="/account/databases/new/" variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
        Create a new database
      </Link>
    </Box>
  );
}
