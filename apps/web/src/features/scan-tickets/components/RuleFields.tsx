import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { TicketEntryRule } from '@scanbase/contracts/scan-tickets';
import { useId } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { ruleChoices, usesLimit, type RuleForm } from '../ticket-form';

type Props = { form: RuleForm; onChange: (form: RuleForm) => void; errors: Record<string, string>; showTexts?: boolean };

/** The entry rule (with its number of entries) and, on the details tab, the texts the gate shows. */
export function RuleFields({ form, onChange, errors, showTexts = false }: Props) {
  const labelId = useId();
  const set = (patch: Partial<RuleForm>) => onChange({ ...form, ...patch });
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <FormControl>
        <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          How often may a ticket get in?
        </FormLabel>
        <RadioGroup aria-labelledby={labelId} value={form.entryRule} onChange={(event) => set({ entryRule: event.target.value as TicketEntryRule })}>
          {ruleChoices.map((choice) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <Box>
                  <Typography>{choice.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {choice.help}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {usesLimit(form.entryRule) ? (
        <Box sx={{ maxWidth: 260 }}>
          <TextInput
            label={form.entryRule === 'per-day' ? 'Entries per day' : 'Entries in total'}
            inputMode="numeric"
            value={form.maxEntries}
            onChange={(event) => set({ maxEntries: event.target.value })}
            error={Boolean(errors['settings.maxEntries'])}
            helperText={errors['settings.maxEntries'] ?? 'From 1 to 1,000'}
          />
        </Box>
      ) : null}
      {showTexts ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>What the gate shows</Typography>
          <TextInput label="Valid ticket" value={form.validText} onChange={(event) => set({ validText: event.target.value })} error={Boolean(errors['settings.validText'])} helperText={errors['settings.validText'] ?? 'Empty: "Valid ticket." A response stored with the code in the database is shown instead.'} />
          <TextInput label="Duplicate" value={form.duplicateText} onChange={(event) => set({ duplicateText: event.target.value })} error={Boolean(errors['settings.duplicateText'])} helperText={errors['settings.duplicateText'] ?? 'Empty: "Already used". When and where it was first scanned is always added.'} />
          <TextInput label="Unknown code" value={form.unknownText} onChange={(event) => set({ unknownText: event.target.value })} error={Boolean(errors['settings.unknownText'])} helperText={errors['settings.unknownText'] ?? 'Empty: "Unknown ticket: this code is not in the ticket list."'} />
        </Box>
      ) : null}
    </Box>
  );
}
