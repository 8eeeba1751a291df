import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { searchDocs, v2Entries, type SearchEntry } from '../docs-search';
import { loadOpenApiDocument } from '../v2-sections';

/** The V2 operations as search entries (the document is fetched once, on first use of the search). */
function loadV2Entries(): Promise<SearchEntry[]> {
  return loadOpenApiDocument()
    .then(v2Entries)
    .catch(() => []);
}

/** Search across every documentation page: overview headings, legacy sections, actions and variables, V2 routes. "/" focuses it. */
export function DocsSearch({ entries }: { entries: readonly SearchEntry[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [v2, setV2] = useState<SearchEntry[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const all = useMemo(() => [...entries, ...v2], [entries, v2]);
  const options = useMemo(() => searchDocs(all, query), [all, query]);

  const warm = () => {
    void loadV2Entries().then(setV2);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (entry: SearchEntry) => {
    setQuery('');
    void navigate({ href: entry.href });
    input.current?.blur();
  };

  return (
    <Autocomplete<SearchEntry, false, false, true>
      freeSolo
      size="small"
      options={options}
      filterOptions={(o) => o}
      inputValue={query}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setQuery(value);
      }}
      onChange={(_e, value) => {
        if (value && typeof value !== 'string') go(value);
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.title)}
      isOptionEqualToValue={(a, b) => a.href === b.href}
      noOptionsText={query.trim() === '' ? 'Type a section, action or variable' : 'Nothing matches'}
      onFocus={warm}
      sx={{ width: { xs: '100%', sm: 340 } }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key + option.href} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14, fontWeight: 600 }}>{option.title}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {option.context}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input}
          placeholder="Search the API docs ( / )"
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': 'Search the API documentation' } }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}
