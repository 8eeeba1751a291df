import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TaskFormValues } from '../task-form';

type Props = { value: TaskFormValues; onChange: (patch: Partial<TaskFormValues>) => void; errors: Record<string, string> };

/** Who hears about a finished run: emails on success, emails on failure, a postback URL. */
export function OutputsFields({ value, onChange, errors }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Email when it succeeds"
        multiline
        minRows={2}
        size="small"
        value={value.notifyOnSuccess}
        onChange={(event) => onChange({ notifyOnSuccess: event.target.value })}
        error={Boolean(errors['outputs.notifyOnSuccess'])}
        helperText={errors['outputs.notifyOnSuccess'] ?? 'One address per line; the mail links to the file'}
        placeholder="ops@example.com"
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextField
        label="Email when it fails"
        multiline
        minRows={2}
        size="small"
        value={value.notifyOnFailure}
        onChange={(event) => onChange({ notifyOnFailure: event.target.value })}
        error={Boolean(errors['outputs.notifyOnFailure'])}
        helperText={errors['outputs.notifyOnFailure'] ?? 'One address per line'}
        placeholder="it@example.com"
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextField
        label="Postback URL (optional)"
        size="small"
        value={value.postbackUrl}
        onChange={(event) => onChange({ postbackUrl: event.target.value })}
        error={Boolean(errors['outputs.postbackUrl'])}
        helperText={errors['outputs.postbackUrl'] ?? 'Scanbase posts the result of each run to this address'}
        placeholder="https://example.com/scanbase-hook"
        sx={{ gridColumn: { sm: '1 / -1' } }}
        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
      />
    </Box>
  );
}
