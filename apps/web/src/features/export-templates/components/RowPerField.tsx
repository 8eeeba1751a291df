import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type Props = { value: 'scan' | 'answer'; onChange: (value: 'scan' | 'answer') => void };

/** One row per scan, or one per answer of a multiple-answer question (the scan's other cells repeat). */
export function RowPerField({ value, onChange }: Props) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={id} component="legend" variant="subtitle2" sx={{ p: 0 }}>
        Rows
      </Typography>
      <RadioGroup aria-labelledby={id} value={value} onChange={(event) => onChange(event.target.value === 'answer' ? 'answer' : 'scan')}>
        <FormControlLabel value="scan" control={<Radio />} label="One row per scan (several answers to a question share its cell)" />
        <FormControlLabel value="answer" control={<Radio />} label="One row per answer (a scan with three answers to a question makes three rows)" />
      </RadioGroup>
    </Box>
  );
}
