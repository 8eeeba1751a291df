import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { shortLinkLimits } from '@scanbase/contracts/short-links';
import { useId, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { localInputToIso } from '../short-link-format';

type Values = { target: string; label: string; expiresAt: string | null };

type Props = {
  busy: boolean;
  error: Error | null;
  onSubmit: (values: Values) => void;
  onClose: () => void;
};

/** Makes a short link: the address it opens (a page of this site), a label, and an optional expiry. Enter saves, Escape closes. */
export function ShortLinkDialog({ busy, error, onSubmit, onClose }: Props) {
  const titleId = useId();
  const [target, setTarget] = useState('');
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const serverFields: Record<string, string> = {};
  if (error instanceof V2Error) for (const issue of error.fieldIssues) serverFields[issue.path] ??= issue.message;
  const shown = { ...serverFields, ...problems };
  const general = error && Object.keys(serverFields).length === 0 ? error.message : null;

  const save = () => {
    const found: Record<string, string> = {};
    if (target.trim() === '') found.target = 'Paste the address the short link should open.';
    if (label.trim().length > shortLinkLimits.label) found.label = `At most ${shortLinkLimits.label} characters`;
    const expiresAt = localInputToIso(expires);
    if (expires !== '' && (expiresAt === null || expiresAt <= new Date().toISOString())) found.expiresAt = 'Choose a time in the future, or leave it empty.';
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit({ target: target.trim(), label: label.trim(), expiresAt });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>New short link</DialogTitle>
        <DialogContent>
          <FormAlert message={general} />
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextInput
              label="Address it opens"
              value={target}
              autoFocus
              placeholder={`${window.location.origin}/checkinout/signin/`}
              onChange={(event) => {
                setTarget(event.target.value);
                setProblems(({ target: _gone, ...rest }) => rest);
              }}
              error={shown.target !== undefined}
              helperText={shown.target ?? 'A page of this site: a share link, a download link, a portal sign-in, or any other page.'}
            />
            <TextInput
              label="Label (optional)"
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              error={shown.label !== undefined}
              helperText={shown.label ?? 'Say where it is used, e.g. “Poster at the main gate”.'}
            />
            <TextInput
              label="Expires (optional)"
              type="datetime-local"
              value={expires}
              onChange={(event) => {
                setExpires(event.target.value);
                setProblems(({ expiresAt: _gone, ...rest }) => rest);
              }}
              error={shown.expiresAt !== undefined}
              helperText={shown.expiresAt ?? 'In your browser’s time. Empty: the link works until you revoke it.'}
              notched
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Make short link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
