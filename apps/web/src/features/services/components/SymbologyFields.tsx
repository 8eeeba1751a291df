import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { AdvancedFormValues } from '../advanced-form';
import { symbologyGroups } from '../service-types';

type Props = { value: AdvancedFormValues; onChange: (patch: Partial<AdvancedFormValues>) => void; error?: string };

/** The barcode types the scanner reads: the usual set, or only the ticked ones. */
export function SymbologyFields({ value, onChange, error }: Props) {
  const selected = new Set(value.symbologies);
  const toggle = (id: number, on: boolean) => onChange({ symbologies: on ? [...value.symbologies, id] : value.symbologies.filter((other) => other !== id) });
  return (
    <FormControl error={Boolean(error)} fullWidth>
      <RadioGroup aria-label="Barcode types" value={value.symbologyMode} onChange={(event) => onChange({ symbologyMode: event.target.value === 'custom' ? 'custom' : 'default' })}>
        <FormControlLabel value="default" control={<Radio />} label="The usual set (recommended)" />
        <FormControlLabel value="custom" control={<Radio />} label="Only the types I tick (faster, and ignores other barcodes on the same label)" />
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
      {value.symbologyMode === 'custom' ? (
        <Box sx={{ mt: 1, display: 'grid', gap: 2 }}>
          {symbologyGroups.map((group) => (
            <Box key={group.heading} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {group.heading}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
                {group.items.map((item) => (
                  <FormControlLabel
                    key={item.id}
                    control={<Checkbox size="small" checked={selected.has(item.id)} onChange={(event) => toggle(item.id, event.target.checked)} />}
                    label={<Typography variant="body2">{item.label}</Typography>}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </FormControl>
  );
}
