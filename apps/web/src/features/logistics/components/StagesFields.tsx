import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LogisticsSettings, LogisticsStage } from '@scanbase/contracts/logistics';

type Props = { value: LogisticsSettings; onChange: (next: LogisticsSettings) => void; issues: { list?: string; byIndex: Record<number, string> } };

const hoursValue = (text: string): number | null => (text.trim() === '' ? null : Math.max(1, Math.min(8_760, Math.round(Number(text)) || 1)));

/** The stages in order (the last one is the delivery: photo, signature and recipient) with their late rules. */
export function StagesFields({ value, onChange, issues }: Props) {
  const stages = value.stages;
  const set = (next: LogisticsStage[]) => onChange({ ...value, stages: next });
  const move = (from: number, to: number) => {
    const next = [...stages];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        Stages, in order
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 14, mb: 1.5 }}>
        Packages move forward only. The last stage is the delivery: the scanner then asks for a photo, the recipient’s signature and name. A package still at a stage after its hours is late.
      </Typography>
      <Stack spacing={1.5}>
        {stages.map((stage, index) => (
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={`Stage ${index + 1}${index === stages.length - 1 ? ' (final)' : ''}`}
              value={stage.name}
              onChange={(event) => set(stages.map((s, i) => (i === index ? { ...s, name: event.target.value } : s)))}
              error={Boolean(issues.byIndex[index])}
              helperText={issues.byIndex[index]}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ flex: { sm: '1 1 220px' } }}
            />
            {index === stages.length - 1 ? (
              <Typography color="text.secondary" sx={{ fontSize: 14, flex: { sm: '0 0 170px' }, pt: { sm: 1 } }}>
                Never late
              </Typography>
            ) : (
              <TextField
                size="small"
                type="number"
                label="Late after (hours)"
                value={stage.lateAfterHours ?? ''}
                placeholder={value.lateAfterHours === null ? 'never' : String(value.lateAfterHours)}
                onChange={(event) => set(stages.map((s, i) => (i === index ? { ...s, lateAfterHours: hoursValue(event.target.value) } : s)))}
                helperText="Empty: the default below"
                slotProps={{ htmlInput: { min: 1, max: 8760 } }}
                sx={{ flex: { sm: '0 0 170px' } }}
              />
            )}
            <Stack direction="row">
              <IconButton aria-label={`Move ${stage.name || `stage ${index + 1}`} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <ArrowUpwardOutlined />
              </IconButton>
              <IconButton aria-label={`Move ${stage.name || `stage ${index + 1}`} down`} disabled={index === stages.length - 1} onClick={() => move(index, index + 1)}>
                <ArrowDownwardOutlined />
              </IconButton>
              <IconButton aria-label={`Remove ${stage.name || `stage ${index + 1}`}`} disabled={stages.length <= 2} onClick={() => set(stages.filter((_, i) => i !== index))}>
                <DeleteOutlined />
              </IconButton>
            </Stack>
          </Stack>
        ))}
      </Stack>
      {issues.list ? (
        <Typography role="alert" color="error" sx={{ fontSize: 14, mt: 1 }}>
          {issues.list}
        </Typography>
      ) : null}
      <Button startIcon={<AddOutlined />} disabled={stages.length >= 20} onClick={() => set([...stages.slice(0, -1), { name: '', lateAfterHours: null }, ...stages.slice(-1)])} sx={{ mt: 1 }}>
        Add a stage before the final one
      </Button>
      <TextField
        size="small"
        type="number"
        label="Default: late after (hours)"
        value={value.lateAfterHours ?? ''}
        onChange={(event) => onChange({ ...value, lateAfterHours: hoursValue(event.target.value) })}
        helperText="For stages without their own hours; empty: never late"
        slotProps={{ htmlInput: { min: 1, max: 8760 } }}
        sx={{ mt: 2, display: 'flex', maxWidth: 320 }}
      />
    </Box>
  );
}
