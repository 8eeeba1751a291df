import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useRef, useState } from 'react';
import { useSlashFocus } from '../hooks/useSlashFocus';

type Props = {
  value: string;
  exact: boolean;
  /** Typing writes the address 300 ms after the last key (replacing the entry); Enter and clearing write at once. */
  onSearch: (text: string, typing: boolean) => void;
  onExactChange: (exact: boolean) => void;
};

/** The scanned-value search box with its contains / exact switch; '/' focuses it from anywhere on the page. */
export function ValueSearchField({ value, exact, onSearch, onExactChange }: Props) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSlashFocus(input);
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
  const send = (next: string, typing: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        timer.current = null;
        if (next.trim() !== value) onSearch(next.trim(), typing);
      },
      typing ? 300 : 0,
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch', minWidth: 0 }}>
      <TextField
        inputRef={input}
        size="small"
        type="search"
        value={text}
        placeholder={exact ? 'Exact value' : 'Search values'}
        onChange={(event) => {
          setText(event.target.value);
          send(event.target.value, true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            send(text, false);
          } else if (event.key === 'Escape' && text) {
            setText('');
            send('', false);
          }
        }}
        sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.paper', '& input::-webkit-search-cancel-button': { display: 'none' } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search scanned values', 'aria-keyshortcuts': '/' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Clear the value search"
                  onClick={() => {
                    setText('');
                    send('', false);
                  }}
                >
                  <ClearOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : (
              <InputAdornment position="end" sx={{ display: { xs: 'none', md: 'flex' } }}>
                <Box component="kbd" aria-hidden sx={{ fontSize: 12, fontFamily: 'inherit', color: 'text.secondary', border: 1, borderColor: 'divider', borderRadius: 0.75, px: 0.75, lineHeight: '20px' }}>
                  /
                </Box>
              </InputAdornment>
            ),
          },
        }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={exact ? 'exact' : 'contains'}
        onChange={(_event, next: string | null) => {
          if (next) onExactChange(next === 'exact');
        }}
        aria-label="How the value matches"
        sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { px: { xs: 1, sm: 1.25 }, textTransform: 'none' } }}
      >
        <ToggleButton value="contains">Contains</ToggleButton>
        <ToggleButton value="exact">Exact</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
