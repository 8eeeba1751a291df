import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { ShortLinkField } from '../../short-links/components/ShortLinkField';
import { useCreateSheetLink } from '../hooks/useCreateSheetLink';
import { useDownloadSheet } from '../hooks/useDownloadSheet';
import { useRevokeSheetLink } from '../hooks/useRevokeSheetLink';
import { useSheetLink } from '../hooks/useSheetLink';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Download now, the secret link (made, shown once, replaced or revoked) and where to schedule an email of the file. */
export function SheetLinkCard({ instanceId }: { instanceId: number }) {
  const link = useSheetLink(instanceId);
  const create = useCreateSheetLink(instanceId);
  const revoke = useRevokeSheetLink(instanceId);
  const download = useDownloadSheet(instanceId);
  const [shown, setShown] = useState<string | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const exists = link.data?.exists ?? false;

  const make = async () => {
    setConfirm(null);
    try {
      const made = await create.mutateAsync();
      // A server without PUBLIC_URL answers its own default; the browser's address is the one that works here.
      setShown(`${window.location.origin}${made.path}`);
      setShort(made.shortUrl);
      setNotice({ text: exists ? 'New link made. The old link no longer works.' : 'Link made. Copy it now: it is shown only this once.', ok: true });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : 'No link made. Try again.', ok: false });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Download" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography component="h2" sx={{ fontWeight: 600 }}>
        Get the Excel file
      </Typography>
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={() => download.mutate()} disabled={download.isPending} startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
          Download XLSX now
        </Button>
        <Button variant="outlined" onClick={() => (exists ? setConfirm('replace') : void make())} disabled={create.isPending || link.isPending}>
          {exists ? 'Make a new link…' : 'Make a download link'}
        </Button>
        {exists ? (
          <Button color="error" onClick={() => setConfirm('revoke')} disabled={revoke.isPending}>
            Turn the link off…
          </Button>
        ) : null}
      </Box>
      {download.isError ? <FormAlert message={download.error.message} /> : null}
      {shown ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextInput label="Secret download link" value={shown} readOnly onFocus={(event) => event.target.select()} helperText="Anyone with this link gets the current file, always up to date. Shown only now: copy it into Excel (Data › From Web) or a bookmark." />
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => void navigator.clipboard?.writeText(shown).then(() => setNotice({ text: 'Link copied.', ok: true }))}>
              Copy link
            </Button>
          </Box>
          <ShortLinkField shortUrl={short} label="Short link (listed under Links; stops with this link)" />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {link.isPending
            ? 'Checking the download link…'
            : exists && link.data?.createdAt
              ? `A secret download link exists (made ${when(link.data.createdAt)}). For safety it is shown only when made: make a new one if you lost it (the old one stops working).`
              : 'A secret link answers the current file at any time, without signing in: paste it into Excel (Data › From Web) to refresh the sheet there.'}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        To get the file every day or week, <RouterLink href={`/account/tasks/exportscan/create/?prefill=service:${instanceId}`}>schedule an export task</RouterLink> (set up for
        this service as XLSX; pick an export template for your columns and who is emailed when it is ready).
      </Typography>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'revoke' ? 'Turn the download link off?' : 'Make a new download link?'}
        confirmLabel={confirm === 'revoke' ? 'Turn off' : 'Make a new link'}
        danger
        busy={create.isPending || revoke.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'replace') {
            void make();
            return;
          }
          void revoke.mutateAsync().then(
            () => {
              setConfirm(null);
              setShown(null);
              setNotice({ text: 'The link is off: it no longer answers.', ok: true });
            },
            (error: unknown) => {
              setConfirm(null);
              setNotice({ text: error instanceof Error ? error.message : 'Not turned off. Try again.', ok: false });
            },
          );
        }}
      >
        {confirm === 'revoke' ? 'Whoever uses the current link gets "not found" from now on.' : 'The current link stops working at once; anyone using it needs the new one.'}
      </ConfirmDialog>
    </Paper>
  );
}
