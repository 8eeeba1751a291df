import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ShortLink } from '@scanbase/contracts/short-links';
import { RouterLink } from '../../../ui/RouterLink';
import { formatWhen } from '../../api-access/api-format';
import { kindLabels, sourceText, statusLabels } from '../short-link-format';

type Props = { links: ShortLink[]; timeZone: string | undefined; onCopy: (link: ShortLink) => void; onRevoke: (link: ShortLink) => void };

/** Short links as rows that stack on phones: label and short address, what it opens, visits and dates, Copy, Details, Revoke. */
export function ShortLinkList({ links, timeZone, onCopy, onRevoke }: Props) {
  return (
    <Box component="ul" aria-label="Short links" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {links.map((link) => {
        const status = statusLabels[link.status];
        return (
          <Paper
            component="li"
            variant="outlined"
            key={link.id}
            sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr) auto' }, alignItems: 'center' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <RouterLink href={`/account/links/${link.id}/`}>{link.label || link.shortUrl.replace(/^https?:\/\//, '')}</RouterLink>
                </Typography>
                <Chip size="small" label={status.text} color={status.color} variant={link.status === 'active' ? 'filled' : 'outlined'} />
                <Chip size="small" label={kindLabels[link.kind]} variant="outlined" />
              </Box>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {link.shortUrl}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                opens {link.target}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="short-link-source">
                {sourceText(link)}
              </Typography>
            </Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 14 }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                Visits
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {link.visits.toLocaleString('en-US')}
                {link.lastVisitAt ? ` (last ${formatWhen(link.lastVisitAt, timeZone)})` : ''}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {link.revokedAt ? 'Revoked' : link.status === 'expired' ? 'Expired' : 'Expires'}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {link.revokedAt ? formatWhen(link.revokedAt, timeZone) : link.expiresAt ? formatWhen(link.expiresAt, timeZone) : 'Never'}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: { md: 'flex-end' }, flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={() => onCopy(link)} aria-label={`Copy ${link.shortUrl}`}>
                Copy
              </Button>
              {link.status !== 'revoked' ? (
                <Button variant="outlined" color="error" size="small" onClick={() => onRevoke(link)} aria-label={`Revoke ${link.label || link.code}`}>
                  Revoke
                </Button>
              ) : null}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
