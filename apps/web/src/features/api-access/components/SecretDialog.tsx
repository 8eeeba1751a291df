import ContentCopy from '@mui/icons-material/ContentCopy';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FocusEvent } from 'react';

/** The new key's secret, shown this once: a copy button and a warning; clicking outside does not close it. */
export function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const titleId = useId();
  const secretId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    field.current?.select();
    if (!navigator.clipboard) return setCopied('failed');
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Dialog open onClose={(_event, reason) => (reason === 'backdropClick' ? undefined : onClose())} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Your new API key &ldquo;{name}&rdquo;</DialogTitle>
      <DialogContent>
        <Box role="alert" sx={{ display: 'flex', gap: 1.5, p: 1.5, mb: 2, borderRadius: 2, bgcolor: '#fff4e5', color: '#663c00', border: '1px solid #ffd59e' }}>
          <WarningAmber sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            Copy this key now and keep it somewhere safe. <strong>It cannot be shown again</strong>: Scanbase stores only a fingerprint of it. If you lose it,
            revoke it and create a new one.
          </Typography>
        </Box>
        <Typography component="label" htmlFor={secretId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
          API key
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box
            component="input"
            id={secretId}
            ref={field}
            readOnly
            value={secret}
            onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
            data-testid="api-key-secret"
            sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: 14, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy}>
            Copy
          </Button>
        </Box>
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: 20, color: copied === 'failed' ? 'error.main' : 'success.dark' }}>
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the key and copy it yourself.' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Send it as <code>api_key</code> with every call to <code>/api/</code>.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          I have copied the key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
