import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CheckDirection, CheckWhen } from '@scanbase/contracts/check-in-out';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { usePortalMove } from '../hooks/usePortalMove';

type Props = { id: number; checklist: { when: CheckWhen; items: string[] }; initialValue?: string };

/** Checks a value in or out by hand, with a reason: stored as a scan, under the same rules as the scanner's. */
export function ManualMoveForm({ id, checklist, initialValue = '' }: Props) {
  const [value, setValue] = useState(initialValue);
  const [direction, setDirection] = useState<CheckDirection>('in');
  const [reason, setReason] = useState('');
  const [ticked, setTicked] = useState<string[]>([]);
  const [issues, setIssues] = useState<{ value?: string; reason?: string }>({});
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const move = usePortalMove();
  const asks = checklist.items.length > 0 && (checklist.when === 'both' || checklist.when === direction);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof issues = {};
    if (value.trim() === '') found.value = 'Enter the value (badge, name or code)';
    if (reason.trim() === '') found.reason = 'Give a reason';
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    try {
      const done = await move.mutateAsync({ id, value: value.trim(), direction, reason: reason.trim(), checklist: asks ? ticked : [] });
      setResult({ text: done.status === 1 ? `${value.trim()}: ${done.text}` : `${value.trim()} not moved: ${done.text}`, ok: done.status === 1 });
      if (done.status === 1) {
        setValue('');
        setReason('');
        setTicked([]);
      }
    } catch (error) {
      setResult({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="manual-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="manual-title" variant="h2" sx={{ mb: 1.5 }}>
        Check in or out by hand
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label="Check in or out by hand">
        <ToggleButtonGroup exclusive value={direction} onChange={(_e, next: CheckDirection | null) => next && setDirection(next)} aria-label="Direction" size="small">
          <ToggleButton value="in" sx={{ px: 3, fontWeight: 700 }}>
            In
          </ToggleButton>
          <ToggleButton value="out" sx={{ px: 3, fontWeight: 700 }}>
            Out
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField size="small" label="Value" required value={value} onChange={(event) => setValue(event.target.value)} error={Boolean(issues.value)} helperText={issues.value} />
          <TextField size="small" label="Reason" required value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(issues.reason)} helperText={issues.reason ?? 'For example “Forgot badge”'} slotProps={{ htmlInput: { maxLength: 500 } }} />
        </Box>
        {asks ? (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Checklist
            </Typography>
            {checklist.items.map((item) => (
              <FormControlLabel key={item} control={<Checkbox checked={ticked.includes(item)} onChange={(event) => setTicked(event.target.checked ? [...ticked, item] : ticked.filter((x) => x !== item))} />} label={item} sx={{ display: 'flex' }} />
            ))}
          </Box>
        ) : null}
        <FormAlert message={result?.text ?? null} severity={result?.ok ? 'success' : 'error'} />
        <Box>
          <Button type="submit" variant="contained" disabled={move.isPending}>
            {direction === 'in' ? 'Check in' : 'Check out'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
