import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import { TextInput } from './TextInput';

type Props = {
  label: string;
  /** The search in the address; the field follows it when it changes elsewhere (back button). */
  value: string;
  /** Called 300 ms after typing stops, on Enter, and with '' when cleared. */
  onSearch: (text: string) => void;
  helperText?: string;
  autoFocus?: boolean;
};

/** A search box for lists: searches as you type (debounced), Enter searches at once, a button clears it. */
export function ListSearchField({ label, value, onSearch, helperText, autoFocus }: Props) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The address changed on its own (back button, a link): show its search.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const send = (next: string, wait: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (next.trim() !== value) onSearch(next.trim());
    }, wait);
  };

  return (
    <TextInput
      label={label}
      type="search"
      value={text}
      size="small"
      autoFocus={autoFocus}
      helperText={helperText}
      onChange={(event) => {
        setText(event.target.value);
        send(event.target.value, 300);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          send(text, 0);
        }
      }}
      startAdornment={
        <InputAdornment position="start">
          <SearchOutlined fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        text ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              edge="end"
              aria-label="Clear the search"
              onClick={() => {
                setText('');
                send('', 0);
              }}
            >
              <ClearOutlined fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
    />
  );
}
