import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { useClearDatabase } from '../hooks/useClearDatabase';
import { plural } from '../value-count';

function ClearCard({ database }: { database: DatabaseInfo }) {
  const clear = useClearDatabase();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h3">Remove every value</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        The database itself, its name and the services using it stay; it is simply empty afterwards, so every scan checked against it is &ldquo;not found&rdquo;
        until you add values again. Scans already made are not touched. To keep a copy first, download it from{' '}
        <Link component={RouterLink} href={`/account/databases/${database.id}/record/`}>
          Records
        </Link>
        .
      </Typography>
      <FormAlert message={clear.error?.message ?? null} />
      <FormAlert message={done} severity="success" />
      <Box>
        <Button variant="contained" color="error" startIcon={<DeleteSweepOutlined />} disabled={database.valueCount === 0} onClick={() => setConfirming(true)}>
          Clear database
        </Button>
        {database.valueCount === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            This database is already empty.
          </Typography>
        ) : null}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={`Clear “${database.name}”?`}
        confirmLabel={`Remove ${plural(database.valueCount, 'value')}`}
        danger
        busy={clear.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          clear.mutate(database.id, {
            onSuccess: (reply) => setDone(`${plural(reply.removed, 'value')} removed. “${database.name}” is now empty.`),
            onSettled: () => setConfirming(false),
          })
        }
      >
        All {plural(database.valueCount, 'value')} of &ldquo;{database.name}&rdquo; will be removed. This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}

/** /account/databases/{id}/clear/: remove every value, after a confirmation naming the database and the count. */
export function ClearDatabasePage() {
  return <DatabaseFrame current="clear">{(database) => <ClearCard database={database} />}</DatabaseFrame>;
}
