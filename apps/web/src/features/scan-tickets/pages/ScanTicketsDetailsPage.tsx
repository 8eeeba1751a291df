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
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useDeleteSpecialized } from '../../specialized/hooks/useDeleteSpecialized';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { RuleFields } from '../components/RuleFields';
import { TicketCounts } from '../components/TicketCounts';
import { describeRule, ruleFormOf, settingsOfForm, type RuleForm } from '../ticket-form';

function DetailsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const update = useUpdateSpecialized();
  const remove = useDeleteSpecialized();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(instance.name);
  const [rule, setRule] = useState<RuleForm>(() => ruleFormOf(instance.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const stored = ruleFormOf(instance.settings);

  const save = async () => {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Enter a name';
    const settings = settingsOfForm(rule);
    for (const issue of settings.issues) found[issue.path] = issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !settings.settings) {
      setMessage({ text: 'Check the highlighted fields.', ok: false });
      return;
    }
    try {
      await update.mutateAsync({ id: instance.id, name: name.trim(), settings: settings.settings });
      void client.invalidateQueries({ queryKey: ['scan-tickets'] });
      setMessage({ text: 'Saved. Gates use the new rule from their next scan.', ok: true });
    } catch (error) {
      if (error instanceof V2Error) setErrors(Object.fromEntries(error.fieldIssues.map((i) => [i.path, i.message])));
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <TicketCounts id={instance.id} showInside={stored.entryRule === 'reentry'} />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Ticket gate details"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
        <TextInput label="Name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? 'Gate staff see it in the scanner'} inputProps={{ maxLength: 100 }} />
        <Typography variant="body2" color="text.secondary">
          Now: {describeRule({ entryRule: stored.entryRule, maxEntries: Number(stored.maxEntries) })}
        </Typography>
        <RuleFields form={rule} onChange={setRule} errors={errors} showTexts />
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending} startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
            Save
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Delete this ticket gate
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Gates can no longer scan with it. Its scans stay searchable and its ticket database stays in Databases.
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
            (error: unknown) => {
              setConfirm(false);
              setMessage({ text: error instanceof Error ? error.message : 'Not deleted. Try again.', ok: false });
            },
          )
        }
      >
        Gate staff will no longer see it in the scanner. Its scans stay searchable.
      </ConfirmDialog>
    </Box>
  );
}

/** /account/specialized-services/{instanceId}/scan-tickets/details/: counts, name, entry rule, the texts the gate shows, delete. */
export function ScanTicketsDetailsPage() {
  return (
    <InstanceFrame type="scan-tickets" tab="details">
      {(instance) => <DetailsForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
