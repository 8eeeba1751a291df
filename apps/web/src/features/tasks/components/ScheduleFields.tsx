import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { scheduleKinds, weekdays, type ScheduleFormValues } from '../schedule-form';

type Props = { value: ScheduleFormValues; onChange: (patch: Partial<ScheduleFormValues>) => void; errors: Record<string, string> };

const days = [...Array.from({ length: 28 }, (_v, i) => String(i + 1)), 'last'];
const dayLabel = (day: string) => (day === 'last' ? 'Last day of the month' : `Day ${day}`);

/** How often a task runs, with the fields each kind needs (time, minute, weekday, day, date, cron). */
export function ScheduleFields({ value, onChange, errors }: Props) {
  const time = (
    <TextField
      label="At"
      type="time"
      size="small"
      value={value.time}
      onChange={(event) => onChange({ time: event.target.value })}
      error={Boolean(errors['schedule.time'])}
      helperText={errors['schedule.time']}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField select size="small" label="Runs" value={value.kind} onChange={(event) => onChange({ kind: event.target.value as ScheduleFormValues['kind'] })} error={Boolean(errors.schedule)} helperText={errors.schedule}>
        {scheduleKinds.map((kind) => (
          <MenuItem key={kind.kind} value={kind.kind}>
            {kind.label}
          </MenuItem>
        ))}
      </TextField>
      {value.kind === 'once' ? (
        <TextField
          label="On"
          type="datetime-local"
          size="small"
          value={value.at}
          onChange={(event) => onChange({ at: event.target.value })}
          error={Boolean(errors['schedule.at'])}
          helperText={errors['schedule.at']}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ) : null}
      {value.kind === 'hourly' ? (
        <TextField
          label="At minute"
          size="small"
          value={value.minute}
          onChange={(event) => onChange({ minute: event.target.value })}
          error={Boolean(errors['schedule.minute'])}
          helperText={errors['schedule.minute'] ?? '0-59 past every hour'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      ) : null}
      {value.kind === 'daily' ? time : null}
      {value.kind === 'weekly' ? (
        <>
          <TextField select size="small" label="On" value={value.weekday} onChange={(event) => onChange({ weekday: event.target.value })} error={Boolean(errors['schedule.weekday'])} helperText={errors['schedule.weekday']}>
            {weekdays.map((day, index) => (
              <MenuItem key={day} value={String(index)}>
                {day}
              </MenuItem>
            ))}
          </TextField>
          {time}
        </>
      ) : null}
      {value.kind === 'monthly' ? (
        <>
          <TextField select size="small" label="On" value={value.day} onChange={(event) => onChange({ day: event.target.value })} error={Boolean(errors['schedule.day'])} helperText={errors['schedule.day'] ?? 'Days 29-31 do not exist in every month'}>
            {days.map((day) => (
              <MenuItem key={day} value={day}>
                {dayLabel(day)}
              </MenuItem>
            ))}
          </TextField>
          {time}
        </>
      ) : null}
      {value.kind === 'cron' ? (
        <TextField
          label="Cron expression"
          size="small"
          value={value.expression}
          onChange={(event) => onChange({ expression: event.target.value })}
          error={Boolean(errors['schedule.expression'])}
          helperText={errors['schedule.expression'] ?? 'minute hour day-of-month month day-of-week, e.g. 0 6 * * 1-5 (weekdays at 06:00)'}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
        />
      ) : null}
    </Box>
  );
}
