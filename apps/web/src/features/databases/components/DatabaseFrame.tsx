import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useState, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useDatabase } from '../hooks/useDatabase';
import { useDatabaseId } from '../hooks/useDatabaseId';
import { useServiceNames } from '../hooks/useServiceNames';
import { plural } from '../value-count';
import { DatabaseTabs, type DatabaseTab } from './DatabaseTabs';
import { DeleteDatabaseDialog } from './DeleteDatabaseDialog';
import { RenameDatabaseDialog } from './RenameDatabaseDialog';

type Props = { current: DatabaseTab; children: (database: DatabaseInfo) => ReactNode };

function Heading({ database }: { database: DatabaseInfo }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const services = database.serviceIds.length;
  const usedBy = useServiceNames(database.serviceIds) ?? plural(services, 'service');
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {database.name}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={plural(database.valueCount, 'value')} />
        <Chip size="small" variant="outlined" label={database.caseSensitive ? 'Case-sensitive: ABC ≠ abc' : 'Not case-sensitive: ABC = abc'} />
        <Chip size="small" variant="outlined" label={services === 0 ? 'Not used by a service yet' : `Used by ${usedBy}`} />
      </Stack>
      <RenameDatabaseDialog key={database.name} database={database} open={renaming} onClose={() => setRenaming(false)} />
      <DeleteDatabaseDialog database={database} open={deleting} onClose={() => setDeleting(false)} />
    </Box>
  );
}

/** The frame of every `/account/databases/{id}/…` screen: back link, name and facts, rename/delete, section tabs. */
export function DatabaseFrame({ current, children }: Props) {
  const id = useDatabaseId();
  const database = useDatabase(id);
  const back = (
    <Button component={RouterLink} href="/account/databases/" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      All databases
    </Button>
  );
  if (id === null) return <Box>{back}<ErrorState message="This address does not name a database. Open it from the list of databases." /></Box>;
  if (database.isPending) return <Box>{back}<LoadingState label="Loading the database…" /></Box>;
  if (database.isError) return <Box>{back}<ErrorState message={database.error.message} onRetry={() => void database.refetch()} /></Box>;
  return (
    <Box>
      {back}
      <Heading database={database.data} />
      <DatabaseTabs id={database.data.id} current={current} />
      {children(database.data)}
    </Box>
  );
}
