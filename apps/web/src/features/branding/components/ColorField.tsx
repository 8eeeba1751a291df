import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../ui/TextInput';
import { pickerValue } from '../branding-form';

type Props = { label: string; value: string; onChange: (value: string) => void; error?: string | undefined; warning?: string | undefined; help: string; disabled?: boolean };

/** A colour as a picker and as text (hex, rgb(), rgba(), hsl(), hsla()); an invalid value is marked, low contrast warned. */
export function ColorField({ label, value, onChange, error, warning, help, disabled = false }: Props) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`Pick the ${label.toLowerCase()}`}
        value={pickerValue(value)}
        disabled={disabled}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value.toUpperCase())}
        sx={{ width: 56, height: 56, p: 0.5, border: '1px solid', borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer', flexShrink: 0 }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <TextInput
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          helperText={error ?? help}
        />
        {!error && warning ? (
          <Typography role="status" sx={{ mt: 0.5, fontSize: 13, color: '#8a4b00' }}>
            {warning}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
