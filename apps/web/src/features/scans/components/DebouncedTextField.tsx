import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The value in the address; the field follows it when it changes elsewhere (back button, Clear filters). */
  value: string;
  /** Called 300 ms after typing stops, and at once on Enter. */
  onCommit: (text: string) => void;
};

/** A text filter that writes the address as you type (debounced) and at once on Enter. */
export function DebouncedTextField({ value, onCommit, onKeyDown, ...props }: Props) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const send = (next: string, wait: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (next.trim() !== value) onCommit(next.trim());
    }, wait);
  };
  return (
    <TextField
      size="small"
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        send(event.target.value, 300);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          send(text, 0);
        }
        onKeyDown?.(event);
      }}
    />
  );
}
