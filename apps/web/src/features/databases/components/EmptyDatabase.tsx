import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';

/** A database without values: the three ways to fill it. */
export function EmptyDatabase({ id }: { id: number }) {
  return (
    <EmptyState
      title="This database has no values yet"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} href={`/account/databases/${id}/manage/`}>
            Import a CSV or Excel file
          </Button>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${id}/addvalue/`}>
            Add a value
          </Button>
          <Button variant="outlined" component={RouterLink} href={`/account/databases/${id}/autofill/`}>
            Generate values
          </Button>
        </Stack>
      }
    >
      Until it has values, every scan checked against it is &ldquo;not found&rdquo;.
    </EmptyState>
  );
}
