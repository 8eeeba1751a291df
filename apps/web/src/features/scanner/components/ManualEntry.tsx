import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type FormEvent } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { WedgeDetector } from '../keyboard-wedge';
import type { CaptureType } from '../scan-submit';

/**
 * Typing a value. A keyboard-wedge scanner that types into this box is told apart by its speed and
 * sent as `wedge`; everything else is `manual`.
 */
export function ManualEntry({ disabled, onSubmit, autoFocus = false }: { disabled: boolean; onSubmit: (value: string, captureType: CaptureType) => void; autoFocus?: boolean }) {
  const [value, setValue] = useState('');
  const detector = useRef(new WedgeDetector());
  const wedgeValue = useRef<string | null>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text || disabled) return;
    onSubmit(text, wedgeValue.current === value ? 'wedge' : 'manual');
    wedgeValue.current = null;
    setValue('');
  };

  return (
    <Box component="form" onSubmit={send} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} aria-label="Manual entry">
      <TextInput
        label="Type a code"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          wedgeValue.current = detector.current.key(event.key, event.timeStamp);
        }}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        inputProps={{ enterKeyHint: 'send' }}
        sx={{ '& .MuiOutlinedInput-input': { fontSize: 20, py: 1.75 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={disabled || !value.trim()} sx={{ minWidth: 96, height: 58, fontSize: 17 }}>
        Submit
      </Button>
    </Box>
  );
}
