import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../ui/TextInput';
import { weekdayNames } from '../attendance-format';
import type { SessionForm } from '../session-form';

type Props = { form: SessionForm; errors: Record<string, string>; onChange: (form: SessionForm) => void; timeZone?: string | undefined };

/** The fields of a session: name, place, once or weekly (weekdays, last date), date, start, end and the late rule. */
export function SessionFields({ form, errors, onChange, timeZone }: Props) {
  const set = <K extends keyof SessionForm>(key: K, value: SessionForm[K]) => onChange({ ...form, [key]: value });
  const toggleDay = (day: number) => set('weekdays', form.weekdays.includes(day) ? form.weekdays.filter((d) => d !== day) : [...form.weekdays, day].sort((a, b) => a - b));
  return (
    <Stack spacing={2}>
      <TextInput label="Session name" value={form.name} onChange={(e) => set('name', e.target.value)} error={Boolean(errors.name)} helperText={errors.name} required />
      <TextInput label="Place (optional)" value={form.place} onChange={(e) => set('place', e.target.value)} error={Boolean(errors.place)} helperText={errors.place} />
      <FormControl>
        <FormLabel id="session-repeat">How often</FormLabel>
        <RadioGroup row aria-labelledby="session-repeat" value={form.repeat} onChange={(e) => set('repeat', e.target.value === 'weekly' ? 'weekly' : 'none')}>
          <FormControlLabel value="none" control={<Radio />} label="Once" />
          <FormControlLabel value="weekly" control={<Radio />} label="Every week" />
        </RadioGroup>
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput type="date" label={form.repeat === 'weekly' ? 'First date' : 'Date'} value={form.startDate} onChange={(e) => set('startDate', e.target.value)} error={Boolean(errors.startDate)} helperText={errors.startDate} required />
        {form.repeat === 'weekly' ? (
          <TextInput type="date" label="Last date" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} error={Boolean(errors.endDate)} helperText={errors.endDate} required />
        ) : null}
      </Stack>
      {form.repeat === 'weekly' ? (
        <FormControl error={Boolean(errors.weekdays)} component="fieldset">
          <FormLabel component="legend">On</FormLabel>
          <FormGroup row>
            {weekdayNames.map((name, i) => (
              <FormControlLabel key={name} control={<Checkbox checked={form.weekdays.includes(i + 1)} onChange={() => toggleDay(i + 1)} inputProps={{ 'aria-label': name }} />} label={name.slice(0, 3)} />
            ))}
          </FormGroup>
          {errors.weekdays ? <FormHelperText>{errors.weekdays}</FormHelperText> : null}
        </FormControl>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput type="time" label="Starts at" value={form.startTime} onChange={(e) => set('startTime', e.target.value)} error={Boolean(errors.startTime)} helperText={errors.startTime ?? (timeZone ? `Time zone: ${timeZone}` : undefined)} required />
        <TextInput type="time" label="Ends at" value={form.endTime} onChange={(e) => set('endTime', e.target.value)} error={Boolean(errors.endTime)} helperText={errors.endTime} required />
        <TextInput
          type="number"
          label="Late after (minutes)"
          value={form.lateAfterMinutes}
          onChange={(e) => set('lateAfterMinutes', e.target.value)}
          inputProps={{ min: 0, max: 600 }}
          error={Boolean(errors.lateAfterMinutes)}
          helperText={errors.lateAfterMinutes ?? 'A scan later than this after the start is marked late'}
        />
      </Stack>
    </Stack>
  );
}
