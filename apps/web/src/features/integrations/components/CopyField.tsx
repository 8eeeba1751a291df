import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState, type FocusEvent } from 'react';

/** A read-only value with a label and a copy button (an address, an endpoint). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    if (!navigator.clipboard) return setCopied('failed');
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Box
          component="input"
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
          sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: 14, p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}
        />
        <Button variant="outlined" size="small" startIcon={<ContentCopy />} onClick={copy} aria-label={`Copy ${label}`}>
          Copy
        </Button>
      </Box>
      <Typography role="status" variant="caption" sx={{ display: 'block', minHeight: 18, color: copied === 'failed' ? 'error.main' : 'success.dark' }}>
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </Typography>
    </Box>
  );
}
