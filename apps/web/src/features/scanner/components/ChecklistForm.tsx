import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { Direction } from '../check-in-out';

type Props = { value: string; items: string[]; direction: Direction | null; when: 'in' | 'out' | 'both'; onConfirm: (items: string[]) => void; onCancel: () => void };

/** The checklist of a movement: each item ticked before the scan is sent (the server refuses a movement with one missing). */
export function ChecklistForm({ value, items, direction, when, onConfirm, onCancel }: Props) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // Toggle mode: the server decides the direction, so the list is asked every time and needed only for its movement.
  const onlyFor = direction === null && when !== 'both' ? when : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = items.filter((item) => !ticked.includes(item));
    if (missing.length > 0 && onlyFor === null) {
      setProblem(`Confirm every item first: ${missing.join(', ')}.`);
      return;
    }
    onConfirm(items.filter((item) => ticked.includes(item)));
  };
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="checklist-title">
        <div>
          <Typography id="checklist-title" variant="h2">
            {direction === 'in' ? 'Checklist: check-in' : direction === 'out' ? 'Checklist: check-out' : 'Checklist'}
          </Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>{value}</Typography>
          {onlyFor ? <Typography color="text.secondary" sx={{ mt: 0.5 }}>Needed when this scan checks the value {onlyFor}.</Typography> : null}
        </div>
        <FormGroup>
          {items.map((item) => (
            <FormControlLabel
              key={item}
              control={<Checkbox checked={ticked.includes(item)} onChange={(event) => setTicked((now) => (event.target.checked ? [...now, item] : now.filter((x) => x !== item)))} />}
              label={item}
            />
          ))}
        </FormGroup>
        {problem ? (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" size="large" sx={{ flexGrow: 1, py: 1.5, fontSize: 17 }}>
            Confirm and send
          </Button>
          <Button variant="outlined" size="large" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
