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

/** A signing secret, shown this once (after creating a webhook or rotating its secret): copy button, warning; a click outside does not close it. */
export function WebhookSecretDialog({ title, secret, rotated, onClose }: { title: string; secret: string; rotated: boolean; onClose: () => void }) {
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
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box role="alert" sx={{ display: 'flex', gap: 1.5, p: 1.5, mb: 2, borderRadius: 2, bgcolor: '#fff4e5', color: '#663c00', border: '1px solid #ffd59e' }}>
          <WarningAmber sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            Copy the signing secret now and give it to the receiving program. <strong>It is not shown again.</strong>
            {rotated ? ' For the next 24 hours deliveries carry signatures with both the old and this new secret, so switch the receiver over within that time.' : ''}
          </Typography>
        </Box>
        <Typography component="label" htmlFor={secretId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
          Signing secret
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box
            component="input"
            id={secretId}
            ref={field}
            readOnly
            value={secret}
            onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
            data-testid="webhook-secret"
            sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: 14, p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy}>
            Copy
          </Button>
        </Box>
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: 20, color: copied === 'failed' ? 'error.main' : 'success.dark' }}>
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the secret and copy it yourself.' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Verify the <code>webhook-signature</code> header with it, for example with the <code>standardwebhooks</code> library (see the webhooks documentation).
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          I have copied the secret
        </Button>
      </DialogActions>
    </Dialog>
  );
}
