import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { CameraView } from './CameraView';

type Props = { a: string; camera: boolean; formats: readonly string[]; onB: (b: string) => void; onCancel: () => void };

/** A/B matching: label A is shown; label B is scanned (camera, keyboard scanner into the focused box) or typed. Escape cancels. */
export function AbBPrompt({ a, camera, formats, onB, onCancel }: Props) {
  const [value, setValue] = useState('');
  const [attempt, setAttempt] = useState(0);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        cancel.current();
      }
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, []);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== '') onB(value);
  };
  return (
    <Box component="section" aria-labelledby="ab-b-title" sx={{ maxWidth: 640, mx: 'auto', pb: 3 }}>
      {camera ? <CameraView key={attempt} detecting formats={formats} onDetect={onB} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      <Box sx={{ px: 2, pt: 2, display: 'grid', gap: 2 }}>
        <div>
          <Typography variant="body2" color="text.secondary">
            Label A
          </Typography>
          <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 20, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="ab-a">
            {a}
          </Typography>
        </div>
        <Typography id="ab-b-title" variant="h2">
          Now scan label B
        </Typography>
        <Box component="form" onSubmit={send} aria-label="Label B" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            label="Label B"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            inputProps={{ enterKeyHint: 'send' }}
            sx={{ '& .MuiOutlinedInput-input': { fontSize: 20, py: 1.75 } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={!value.trim()} sx={{ minWidth: 96, height: 58, fontSize: 17 }}>
            Match
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ fontSize: 14 }}>
          A keyboard scanner types into the box. Escape cancels this pair.
        </Typography>
        <Button variant="outlined" onClick={onCancel} sx={{ justifySelf: 'start' }}>
          Cancel this pair
        </Button>
      </Box>
    </Box>
  );
}
