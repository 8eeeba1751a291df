import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../../ui/RouterLink';
import { useDatabasePicker } from '../../hooks/useDatabasePicker';

type Props = {
  value: string;
  onChange: (databaseId: string) => void;
  error?: string;
  disabled?: boolean;
  /** clearDatabase: say plainly that each run removes every value. */
  destructive?: boolean;
  /** Helper text under the picker when there is no error. */
  hint?: string;
};

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'value' : 'values'}`;

/** Picks one of the account's databases (`databases/list`); with `destructive`, warns that each run empties it. */
export function DatabaseInputs({ value, onChange, error, disabled = false, destructive = false, hint }: Props) {
  const databases = useDatabasePicker();

  if (databases.isPending) {
    return (
      <TextField
        label="Database"
        size="small"
        fullWidth
        disabled
        value="Loading databases…"
        slotProps={{ input: { endAdornment: <InputAdornment position="end"><CircularProgress size={18} aria-label="Loading databases" /></InputAdornment> } }}
      />
    );
  }
  if (databases.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void databases.refetch()}>Try again</Button>}>
        The list of databases did not load: {databases.error.message}
      </Alert>
    );
  }
  const items = databases.data.items;
  const selected = items.find((db) => String(db.id) === value);
  const missing = value !== '' && !selected;
  if (items.length === 0 && !missing) {
    return (
      <Alert
        severity="info"
        role="status"
        action={
          <Button component={RouterLink} href="/account/databases/new/" color="inherit" size="small">
            Create a database
          </Button>
        }
      >
        This account has no databases yet. Create one, then come back to this task.
      </Alert>
    );
  }

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Database"
        size="small"
        fullWidth
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error) || missing}
        helperText={error ?? (missing ? 'This database no longer exists; choose another one.' : hint)}
        disabled={disabled}
        slotProps={{ select: { displayEmpty: true, renderValue: (selectedId) => (selectedId === '' ? <Box component="span" sx={{ color: 'text.secondary' }}>Select a database</Box> : (items.find((db) => String(db.id) === selectedId)?.name ?? `Deleted database (#${String(selectedId)})`)) }, inputLabel: { shrink: true } }}
      >
        {missing ? (
          <MenuItem value={value} disabled>
            Deleted database (#{value})
          </MenuItem>
        ) : null}
        {items.map((db) => (
          <MenuItem key={db.id} value={String(db.id)} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{db.name}</span>
            <Typography component="span" variant="body2" color="text.secondary">
              {count(db.valueCount)}
            </Typography>
          </MenuItem>
        ))}
      </TextField>
      {databases.data.total > items.length ? (
        <Typography variant="body2" color="text.secondary">
          The first {items.length} databases by name are listed.
        </Typography>
      ) : null}
      {destructive ? (
        <Alert severity="warning" role="note">
          <strong>Each run deletes every value of {selected ? `“${selected.name}”` : 'the chosen database'}</strong>
          {selected ? ` (${count(selected.valueCount)} now)` : ''}. Deleted values cannot be brought back; download the database first if you may need them. Services
          using it will find no values until new ones are imported.
        </Alert>
      ) : null}
    </Stack>
  );
}
