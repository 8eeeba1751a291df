import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { commonSymbologies, labelCount, rangeEnds, labelLayouts, layoutLabels, layoutShortLabels, valueLines, type LabelFormValues } from '../label-form';
import type { LabelLayoutName } from '@scanbase/contracts/barcodes';

type Props = {
  value: LabelFormValues;
  onChange: (patch: Partial<LabelFormValues>) => void;
  /** Messages by label field key (`values`, `range.end`, `copies`...). */
  errors: Record<string, string>;
  disabled?: boolean;
};

/** The inputs of a label sheet: values or a numeric range, symbology, layout, value text, copies, skip. */
export function LabelInputsFields({ value, onChange, errors, disabled = false }: Props) {
  const count = labelCount(value);
  const rangeExample = value.source === 'range' ? rangeEnds(value) : null;
  const symbologies = commonSymbologies.some((s) => s.id === value.symbology) ? commonSymbologies : [...commonSymbologies, { id: value.symbology, label: value.symbology, kind: '2d' as const }];
  const text = (key: keyof LabelFormValues, label: string, errorKey: string, extra: { helperText?: string; inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <TextField
      label={label}
      value={value[key]}
      onChange={(event) => onChange({ [key]: event.target.value })}
      error={Boolean(errors[errorKey])}
      helperText={errors[errorKey] ?? extra.helperText}
      placeholder={extra.placeholder}
      disabled={disabled}
      slotProps={{ htmlInput: extra.inputMode ? { inputMode: extra.inputMode } : undefined }}
      size="small"
    />
  );

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography id="label-source" variant="subtitle2" sx={{ mb: 0.5 }}>
          What to print
        </Typography>
        <RadioGroup row aria-labelledby="label-source" value={value.source} onChange={(event) => onChange({ source: event.target.value as LabelFormValues['source'] })}>
          <FormControlLabel value="values" control={<Radio />} label="A list of values" disabled={disabled} />
          <FormControlLabel value="range" control={<Radio />} label="A number range" disabled={disabled} />
        </RadioGroup>
      </Box>
      {value.source === 'values' ? (
        <TextField
          label="Values, one per line"
          multiline
          minRows={5}
          maxRows={14}
          value={value.values}
          onChange={(event) => onChange({ values: event.target.value })}
          error={Boolean(errors.values)}
          helperText={errors.values ?? `${valueLines(value.values).length.toLocaleString('en-US')} values. Paste from a spreadsheet column.`}
          placeholder={'TICKET-0001\nTICKET-0002'}
          disabled={disabled}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
        />
      ) : (
        <Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '1.2fr 1fr 1fr 1fr 1.2fr' },
              gridTemplateAreas: { xs: '"start end" "prefix suffix" "padding ."', sm: '"prefix start end padding suffix"' },
            }}
          >
            <Box sx={{ gridArea: 'prefix' }}>{text('prefix', 'Prefix', 'range.prefix', { placeholder: 'A-' })}</Box>
            <Box sx={{ gridArea: 'start' }}>{text('start', 'From', 'range.start', { inputMode: 'numeric' })}</Box>
            <Box sx={{ gridArea: 'end' }}>{text('end', 'To', 'range.end', { inputMode: 'numeric' })}</Box>
            <Box sx={{ gridArea: 'padding' }}>{text('padding', 'Digits', 'range.padding', { inputMode: 'numeric', helperText: '0 = no zero-padding' })}</Box>
            <Box sx={{ gridArea: 'suffix' }}>{text('suffix', 'Suffix', 'range.suffix')}</Box>
          </Box>
          {rangeExample ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Labels run from <strong>{rangeExample.first}</strong> to <strong>{rangeExample.last}</strong>
            </Typography>
          ) : null}
          {errors.range ? (
            <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
              {errors.range}
            </Typography>
          ) : null}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField
          select
          label="Sheet layout"
          size="small"
          value={value.layout}
          onChange={(event) => onChange({ layout: event.target.value as LabelLayoutName })}
          error={Boolean(errors.layout)}
          helperText={errors.layout}
          disabled={disabled}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ select: { renderValue: (selected) => layoutShortLabels[selected as LabelLayoutName] } }}
        >
          {labelLayouts.map((layout) => (
            <MenuItem key={layout} value={layout}>
              {layoutLabels[layout]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Symbology"
          size="small"
          value={value.symbology}
          onChange={(event) => onChange({ symbology: event.target.value })}
          error={Boolean(errors.symbology)}
          helperText={errors.symbology}
          disabled={disabled}
        >
          {symbologies.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        {text('copies', 'Copies of each value', 'copies', { inputMode: 'numeric', helperText: 'Printed next to each other' })}
        {text('skip', 'Skip labels on the first sheet', 'skip', { inputMode: 'numeric', helperText: 'For a partly used sheet' })}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}>
        <FormControlLabel
          control={<Switch checked={value.showValue} onChange={(event) => onChange({ showValue: event.target.checked })} disabled={disabled} />}
          label="Print the value under each code"
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {count === null ? 'Enter a range to count the labels' : `${count.toLocaleString('en-US')} ${count === 1 ? 'label' : 'labels'}`}
        </Typography>
      </Stack>
    </Stack>
  );
}
