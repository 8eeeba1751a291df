import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** Preformatted code or XML with a Copy button; long lines scroll sideways rather than wrap. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
    window.setTimeout(() => setCopied(null), 2000);
  };
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 2,
          pr: 10,
          bgcolor: '#0d1b2a',
          color: '#e8eef5',
          borderRadius: 2,
          overflowX: 'auto',
          fontSize: 13,
          lineHeight: 1.55,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          '&:focus-visible': { outline: '2px solid #90caf9', outlineOffset: 2 },
        }}
      >
        <code>{code}</code>
      </Box>
      <Button
        size="small"
        variant="contained"
        color="inherit"
        onClick={copy}
        aria-label={`Copy ${label}`}
        sx={{ position: 'absolute', top: 8, right: 8, minWidth: 0, bgcolor: '#e8eef5', color: '#0d1b2a', boxShadow: 'none' }}
      >
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
      </Button>
    </Box>
  );
}
