import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { formatWhen } from '../../api-access/api-format';
import { FormAlert } from '../../auth/components/FormAlert';
import { QrCode } from '../../scanner-help/components/QrCode';
import { ShortLinkSettings } from '../components/ShortLinkSettings';
import { ShortLinkVisits } from '../components/ShortLinkVisits';
import { useCopyText } from '../hooks/useCopyText';
import { useRevokeShortLink } from '../hooks/useRevokeShortLink';
import { useShortLink } from '../hooks/useShortLink';
import { kindLabels, sourceText, statusLabels } from '../short-link-format';

/** /account/links/{shorturlId}/: one short link: its address with copy and QR code, label and expiry, revoke, and its visits. */
export function ShortLinkPage() {
  const { shorturlId = '' }: { shorturlId?: string } = useParams({ strict: false });
  const id = Number(shorturlId);
  const { user } = useSession();
  const timeZone = user?.timezone || undefined;
  const query = useShortLink(id);
  const revoke = useRevokeShortLink();
  const clipboard = useCopyText();
  const [confirming, setConfirming] = useState(false);

  const back = (
    <Button component={RouterLink} href="/account/links/" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      All links
    </Button>
  );
  if (!Number.isInteger(id) || id <= 0) return <Box>{back}<ErrorState message="This address names no short link." /></Box>;
  if (query.isPending) return <Box>{back}<LoadingState label="Loading the link…" /></Box>;
  if (query.isError) return <Box>{back}<ErrorState message={query.error.message} onRetry={() => void query.refetch()} /></Box>;

  const { link, visits } = query.data;
  const status = statusLabels[link.status];
  return (
    <Box>
      {back}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {link.label || 'Short link'}
        </Typography>
        <Chip label={status.text} color={status.color} variant={link.status === 'active' ? 'filled' : 'outlined'} />
      </Box>
      <FormAlert message={clipboard.message} severity="success" />
      <Paper variant="outlined" sx={{ p: 2, mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Short address
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', fontSize: 18, overflowWrap: 'anywhere' }}>{link.shortUrl}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Opens ({kindLabels[link.kind].toLowerCase()})
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{link.target}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {sourceText(link)}, {formatWhen(link.createdAt, timeZone)} · {link.visits.toLocaleString('en-US')} {link.visits === 1 ? 'visit' : 'visits'}
            {link.revokedAt ? ` · revoked ${formatWhen(link.revokedAt, timeZone)}` : link.expiresAt ? ` · ${link.status === 'expired' ? 'expired' : 'expires'} ${formatWhen(link.expiresAt, timeZone)}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => clipboard.copy(link.shortUrl)}>
              Copy short address
            </Button>
            {link.status !== 'revoked' ? (
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                Revoke
              </Button>
            ) : null}
          </Box>
        </Box>
        {link.status === 'active' ? <QrCode text={link.shortUrl} size={168} /> : null}
      </Paper>

      <Typography variant="h2" sx={{ mt: 4, mb: 2 }}>
        Label and expiry
      </Typography>
      <ShortLinkSettings key={`${link.id}-${link.status}-${link.expiresAt ?? ''}`} link={link} />

      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        Visits
      </Typography>
      <ShortLinkVisits visits={visits} total={link.visits} timeZone={timeZone} />

      <ConfirmDialog
        open={confirming}
        title="Revoke this short link?"
        confirmLabel="Revoke link"
        danger
        busy={revoke.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(link.id, { onSuccess: () => setConfirming(false) })}
      >
        {`${link.shortUrl} will stop opening ${link.target} for everyone, for good. The page it opens is not changed.`}
        {revoke.error ? <FormAlert message={revoke.error.message} /> : null}
      </ConfirmDialog>
    </Box>
  );
}
