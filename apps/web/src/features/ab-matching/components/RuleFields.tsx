import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AbMatchingSettings, AbRule } from '@scanbase/contracts/ab-matching';
import { ruleOptions } from '../ab-settings';

type Props = { value: AbMatchingSettings; onChange: (next: AbMatchingSettings) => void; issues: { pattern?: string; ai?: string } };

/** The match rule and its fields (pattern and group, GS1 application identifier), case sensitivity and the reason on mismatch. */
export function RuleFields({ value, onChange, issues }: Props) {
  const set = (patch: Partial<AbMatchingSettings>) => onChange({ ...value, ...patch });
  const hint = ruleOptions.find((r) => r.value === value.rule)?.hint;
  return (
    <Stack spacing={2.5}>
      <TextField select label="Match rule" value={value.rule} onChange={(event) => set({ rule: event.target.value as AbRule })} helperText={hint} sx={{ maxWidth: 560 }}>
        {ruleOptions.map((r) => (
          <MenuItem key={r.value} value={r.value}>
            {r.label}
          </MenuItem>
        ))}
      </TextField>
      {value.rule === 'regex' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Pattern"
            value={value.pattern}
            onChange={(event) => set({ pattern: event.target.value })}
            error={Boolean(issues.pattern)}
            helperText={issues.pattern ?? 'A JavaScript regular expression run on A and on B, for example ^(\\d{6})'}
            slotProps={{ htmlInput: { maxLength: 200, spellCheck: false, style: { fontFamily: 'ui-monospace, monospace' } } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Group to compare"
            type="number"
            value={value.group}
            onChange={(event) => set({ group: Math.max(0, Math.min(9, Math.trunc(Number(event.target.value) || 0))) })}
            helperText="0: the whole match"
            slotProps={{ htmlInput: { min: 0, max: 9 } }}
            sx={{ width: { sm: 180 } }}
          />
        </Stack>
      ) : null}
      {value.rule === 'gs1' ? (
        <TextField
          label="GS1 application identifier"
          value={value.ai}
          onChange={(event) => set({ ai: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          error={Boolean(issues.ai)}
          helperText={issues.ai ?? '01: GTIN, 00: SSCC, 10: batch or lot, 21: serial number'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
      <FormControlLabel control={<Checkbox checked={value.caseSensitive} onChange={(event) => set({ caseSensitive: event.target.checked })} />} label="Upper and lower case count (off: abc matches ABC)" />
      <FormControlLabel control={<Checkbox checked={value.reasonRequired} onChange={(event) => set({ reasonRequired: event.target.checked })} />} label="A mismatch needs a reason before the next scan" />
    </Stack>
  );
}
