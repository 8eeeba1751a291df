import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useDeleteSpecialized } from '../../specialized/hooks/useDeleteSpecialized';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { useLiveTable } from '../hooks/useLiveTable';

function DetailsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const update = useUpdateSpecialized();
  const remove = useDeleteSpecialized();
  const navigate = useNavigate();
  const [name, setName] = useState(instance.name);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const client = useQueryClient();
  // Scans today and the status follow the table's live topic.
  useLiveTable(instance.id, () => void client.invalidateQueries({ queryKey: ['specialized', 'get', instance.id] }));

  const save = async () => {
    if (name.trim() === '') {
      setError('Enter a name');
      setMessage({ text: 'Check the highlighted fields.', ok: false });
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ id: instance.id, name: name.trim() });
      setMessage({ text: 'Saved.', ok: true });
    } catch (e) {
      if (e instanceof V2Error) setError(e.fieldIssues.find((i) => i.path === 'name')?.message);
      setMessage({ text: e instanceof Error ? e.message : 'Not saved. Try again.', ok: false });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Table details"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
        <TextInput label="Name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(error)} helperText={error ?? 'People who scan see it in the scanner; exports and share links are named after it'} inputProps={{ maxLength: 100 }} />
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending} startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
            Save
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Scans and activity" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          Scans and activity
        </Typography>
        <Typography variant="body2">
          Every scan is recorded; it opens the row of its value (making it the first time) and writes the answers given into the row. See every row on the{' '}
          <RouterLink href={`/account/specialized-services/${instance.id}/table-builder/tableview/`}>Table view</RouterLink>.
        </Typography>
        <Typography variant="body2">
          {instance.status === 'active' ? 'Active: it takes scans now.' : 'Inactive: outside its active period, scans are refused.'} {instance.scansToday.toLocaleString('en-US')} {instance.scansToday === 1 ? 'scan' : 'scans'} today.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Set when it takes scans, duplicates and other scan rules on the <RouterLink href={`/account/services/${instance.id}/advanced/`}>service&apos;s Advanced settings</RouterLink>.
        </Typography>
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Delete" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Delete this table
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Nobody can scan into it any more and its share links stop working. Its scans stay searchable in Scans.
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setConfirm(true)}>
          Delete…
        </Button>
      </Paper>
      <ConfirmDialog
        open={confirm}
        title={`Delete "${instance.name}"?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          void remove.mutateAsync(instance.id).then(
            () => navigate({ href: '/account/specialized-services/' }),
            (e: unknown) => {
              setConfirm(false);
              setMessage({ text: e instanceof Error ? e.message : 'Not deleted. Try again.', ok: false });
            },
          )
        }
      >
        People who scan will no longer see it, and its share links stop working. Its scans stay searchable.
      </ConfirmDialog>
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/table-builder/details/: name, what a scan does, whether it is active, delete. */
export function TableBuilderDetailsPage() {
  return (
    <InstanceFrame type="table-builder" tab="details">
      {(instance) => <DetailsForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
