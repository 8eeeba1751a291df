import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';

type Props = { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void };

/** A labelled native select (keyboard and screen readers get the browser's own list). */
export function LabelledSelect({ label, value, options, onChange }: Props) {
  const id = useId();
  return (
    <FormControl fullWidth size="small">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <Select native id={id} value={value} onChange={(event) => onChange(String(event.target.value))} input={<OutlinedInput notched label={label} id={id} />}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormControl>
  );
}
