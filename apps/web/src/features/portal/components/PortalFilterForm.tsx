import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';

/** A row of filters that applies on Enter or with the button (one request per search, not per key). */
export function PortalFilterForm({ label, onApply, children }: { label: string; onApply: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {children}
      <Button type="submit" variant="contained" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, height: 40 }}>
        Search
      </Button>
    </Box>
  );
}
