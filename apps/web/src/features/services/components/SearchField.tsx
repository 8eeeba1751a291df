import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { useRef, useState } from 'react';
import { TextInput } from '../../../ui/TextInput';

type Props = { label: string; value: string; onSearch: (text: string) => void };

/** A search box that updates the address 300 ms after typing stops (Enter applies it at once). */
export function SearchField({ label, value, onSearch }: Props) {
  const [text, setText] = useState(value);
  // The address changed from elsewhere (e.g. "Show all"): show its value, unless it is what was typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const timer = useRef<number | undefined>(undefined);
  const apply = (next: string) => {
    window.clearTimeout(timer.current);
    onSearch(next.trim());
  };
  return (
    <TextInput
      label={label}
      size="small"
      type="search"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => onSearch(next.trim()), 300);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply(text);
      }}
      startAdornment={
        <InputAdornment position="start">
          <SearchOutlined fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
