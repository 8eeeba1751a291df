import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { brandingLimits } from '@scanbase/contracts/branding';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../auth/components/FormAlert';
import { useRemoveLogo } from '../hooks/useRemoveLogo';
import { useUploadLogo } from '../hooks/useUploadLogo';

/** The logo: preview, upload (PNG or JPEG, 512 KB) and remove after a confirmation. Saved at once, apart from the form. */
export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [confirm, setConfirm] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (input.current) input.current.value = '';
    if (file.size > brandingLimits.logoBytes) {
      setMessage({ text: `The logo may be at most ${brandingLimits.logoBytes / 1024} KB; this file has ${Math.ceil(file.size / 1024)} KB.`, tone: 'error' });
      return;
    }
    setMessage(null);
    upload.mutate(file, {
      onSuccess: () => setMessage({ text: 'Logo saved.', tone: 'success' }),
      onError: (error) => setMessage({ text: error.message, tone: 'error' }),
    });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ width: 120, height: 72, border: '1px dashed', borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: '#fff' }}>
          {logoUrl ? <Box component="img" src={logoUrl} alt="Current logo" data-testid="logo-preview" sx={{ maxWidth: 110, maxHeight: 64, objectFit: 'contain' }} /> : <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>No logo</Typography>}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" disabled={upload.isPending} startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {logoUrl ? 'Replace logo' : 'Upload logo'}
            <input ref={input} hidden type="file" accept="image/png,image/jpeg" aria-label="Logo file" onChange={(event) => pick(event.target.files?.[0])} />
          </Button>
          {logoUrl ? (
            <Button color="error" onClick={() => setConfirm(true)} disabled={remove.isPending}>
              Remove logo
            </Button>
          ) : null}
        </Box>
      </Box>
      <Typography sx={{ mt: 1, fontSize: 13, color: 'text.secondary' }}>PNG or JPEG, up to 512 KB; shown at most 512 px wide. SVG is not accepted.</Typography>
      {message ? <FormAlert message={message.text} severity={message.tone} /> : null}
      <ConfirmDialog
        open={confirm}
        title="Remove the logo?"
        confirmLabel="Remove logo"
        danger
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              setMessage({ text: 'Logo removed.', tone: 'success' });
            },
            onError: (error) => {
              setConfirm(false);
              setMessage({ text: error.message, tone: 'error' });
            },
          })
        }
      >
        The scanner, the portals and the mails show the app name without a logo.
      </ConfirmDialog>
    </Box>
  );
}
