import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AbMatchingSettings } from '@scanbase/contracts/ab-matching';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState, type FormEvent } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { readSettings, ruleIssues } from '../ab-settings';
import { AbStatsTable } from '../components/AbStatsTable';
import { RuleFields } from '../components/RuleFields';
import { useSaveAbSettings } from '../hooks/useSaveAbSettings';

function TypeForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const [name, setName] = useState(instance.name);
  const [s, setS] = useState<AbMatchingSettings>(() => readSettings(instance.settings));
  const [issues, setIssues] = useState<{ pattern?: string; ai?: string; database?: string }>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const { save, pending } = useSaveAbSettings(instance);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = ruleIssues(s, instance.databaseId !== null);
    setIssues(found);
    if (name.trim() === '') return setMessage({ text: 'Enter a name.', ok: false });
    if (Object.keys(found).length > 0) return setMessage({ text: found.database ?? 'Correct the marked fields.', ok: false });
    try {
      await save(s, name.trim());
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Match rule">
      <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <RuleFields value={s} onChange={setS} issues={issues} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>Database</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {instance.databaseId === null
            ? "None: the rule “B equals A's response” needs a database, chosen when the service is created."
            : 'A is looked up in this database; with the database rule B must equal A’s response, and an A missing from it is a mismatch.'}
        </Typography>
        {instance.databaseId !== null ? (
          <Link component={RouterLink} href={`/account/databases/${instance.databaseId}/record/`} variant="body2">
            Open the database
          </Link>
        ) : null}
      </Paper>
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/{id}/ab-barcode-matching/type/: name, match rule, case, reason on mismatch; matches and mismatches by user. */
export function AbBarcodeMatchingTypePage() {
  return (
    <InstanceFrame type="ab-barcode-matching" tab="type" intro="Scan label A, then label B: the rule below decides whether they match. The scanner judges on the phone with the same rule (also offline) and the server judges again when the scan arrives.">
      {(instance) => (
        <Stack spacing={4}>
          <TypeForm key={instance.id} instance={instance} />
          <Divider />
          <Box>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1.5 }}>
              Matches and mismatches
            </Typography>
            <AbStatsTable id={instance.id} />
          </Box>
        </Stack>
      )}
    </InstanceFrame>
  );
}
